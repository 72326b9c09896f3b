# A C++-only configure.ac (AC_PROG_CXX, no AC_PROG_CC) works without a C
# compiler: only g++ is probed, and HARDEN_APPLY_GLOBAL puts the C++
# results in front of the builder's CPPFLAGS, CXXFLAGS and LDFLAGS.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need g++
small_project src
cat >src/configure.ac <<'AC'
AC_INIT([words], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CXX
HARDEN_CHECK
HARDEN_APPLY_GLOBAL
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
autotools_copy "$T/src" p	# autoreconf'd once for the same sources (tests/lib.sh)
(cd p && ./configure CC=/no/such/cc CXX=g++ CXXFLAGS="-O2 -g" >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 3 p/configure.out)"
grep -q 'C compiler' p/configure.out && fail "configure looked for a C compiler"
[ -z "$(summary_lang p C)" ] || fail "a C summary without C"
[ "$(summary_lang_state p C++ stdlib-hardening)" = on ] || fail "no C++ summary with stdlib-hardening on: $(cat p/configure.out)"
[ -f p/harden-report-cxx.txt ] && [ ! -f p/harden-report.txt ] || fail "not one C++ report alone"
grep -q '^CPPFLAGS = .*-D_GLIBCXX_ASSERTIONS' p/Makefile || fail "CPPFLAGS lack the C++ macros: $(grep '^CPPFLAGS' p/Makefile)"
grep -q '^CXXFLAGS = -fstack-protector-strong.* -O2 -g$' p/Makefile ||
	fail "CXXFLAGS are not harden's then the builder's: $(grep '^CXXFLAGS' p/Makefile)"
grep '^LDFLAGS = ' p/Makefile | grep -- -Wl,-z,now | grep -q -- ' -pie ' || fail "LDFLAGS lack the link flags: $(grep '^LDFLAGS' p/Makefile)"
(cd p && make >make.out 2>&1) || fail "make failed: $(tail -n 5 p/make.out)"
elf_is_pie p/words && elf_has_now p/words && elf_has_canary p/words || fail "words is not hardened"
echo ok
