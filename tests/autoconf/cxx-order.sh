# AC_PROG_CXX after HARDEN_CHECK: the C++ probe runs right after it, with
# its own summary, and HARDEN_APPLY_GLOBAL (after both) gives CFLAGS only
# the C probe's flags, CXXFLAGS only the C++ probe's (gcc and clang++ at the
# strict level disagree), and LDFLAGS what both agree on.  HARDEN_APPLY_GLOBAL
# before AC_PROG_CXX stops autoconf with a message.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc clang++
small_project src
printf 'CC = @CC@\nCFLAGS = @CFLAGS@\n' >>src/Makefile.in
cat >src/configure.ac <<'AC'
AC_INIT([words], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CC
HARDEN_CHECK([strict])
AC_PROG_CXX
HARDEN_APPLY_GLOBAL
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
autotools_copy "$T/src" p	# autoreconf'd once for the same sources (tests/lib.sh)
(cd p && ./configure CC=gcc CXX=clang++ >configure.out 2>&1) || fail "configure failed: $(tail -n 3 p/configure.out)"
awk '/checking whether the compiler supports GNU C\+\+/ { cxx = NR } /with clang\+\+ \(C\+\+\):$/ { s = NR } END { exit !(cxx && s > cxx) }' p/configure.out ||
	fail "no C++ summary after AC_PROG_CXX's checks"
[ "$(summary_lang_state p C zero-call-used-regs)" = on ] && [ "$(summary_lang_state p C++ zero-call-used-regs)" = unsupported ] ||
	fail "zero-call-used-regs: C $(summary_lang_state p C zero-call-used-regs), C++ $(summary_lang_state p C++ zero-call-used-regs)"
mk() { sed -n "s/^$1 = //p" p/Makefile; }
mk CFLAGS | grep -q -- -fzero-call-used-regs=used-gpr || fail "CFLAGS lack gcc's flag: $(mk CFLAGS)"
mk CXXFLAGS | grep -q -- -fzero-call-used-regs && fail "gcc's flag in CXXFLAGS: $(mk CXXFLAGS)"
mk CXXFLAGS | grep -q -- -fsanitize-trap=bounds || fail "CXXFLAGS lack clang's flag: $(mk CXXFLAGS)"
mk CFLAGS | grep -q -- -fsanitize-trap=bounds && fail "clang's flag in CFLAGS: $(mk CFLAGS)"
mk CPPFLAGS | grep -q -- -D_GLIBCXX_ASSERTIONS && fail "a C++ macro in CPPFLAGS: $(mk CPPFLAGS)"
mk CXXFLAGS | grep -q -- '^-D_GLIBCXX_ASSERTIONS .* -g -O2$' || fail "CXXFLAGS: $(mk CXXFLAGS)"
for f in -Wl,-z,relro -Wl,-z,now -pie; do
	mk LDFLAGS | grep -q -- " $f " || mk LDFLAGS | grep -q -- "^$f " || fail "LDFLAGS lack $f: $(mk LDFLAGS)"
done
(cd p && make >make.out 2>&1) || fail "make failed: $(tail -n 5 p/make.out)"
elf_is_pie p/words && elf_has_now p/words && elf_has_canary p/words || fail "words is not hardened"

# HARDEN_APPLY_GLOBAL must see both languages.
sed -i '/^AC_PROG_CXX$/d; s/^HARDEN_APPLY_GLOBAL$/HARDEN_APPLY_GLOBAL\nAC_PROG_CXX/' p/configure.ac
(cd p && autoconf >ac.out 2>&1) && fail "autoconf accepted HARDEN_APPLY_GLOBAL before AC_PROG_CXX"
grep -q 'HARDEN_APPLY_GLOBAL must come after AC_PROG_CXX' p/ac.out || fail "no message: $(cat p/ac.out)"
echo ok
