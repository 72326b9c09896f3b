# With gcc and g++ at the default level, the C++ programs words (C++ only)
# and tallyxx (C++ and a C object) get a canary, PIE and full RELRO (read
# with readelf), and harden-audit passes them in make check with the C++
# expectation.  words N with N out of range aborts (SIGABRT) through the
# libstdc++ assertions of stdlib-hardening, and prints a number with
# --disable-stdlib-hardening.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++
make -s -C "$S/tools" O="$T/audit" >audit-build.out 2>&1 || fail "harden-audit does not build: $(tail -n 5 audit-build.out)"
cxx_example on CC=gcc CXX=g++ HARDEN_AUDIT="$T/audit/harden-audit"
cxx_make on check
for p in on/words on/tallyxx; do
	elf_has_canary $p || fail "$p: no __stack_chk_fail"
	elf_is_pie $p || fail "$p: not PIE"
	elf_has_relro $p && elf_has_now $p || fail "$p: no full RELRO"
	elf_nx_stack $p || fail "$p: stack not RW-only"
done
expect=$(subst on HARDEN_CXX_AUDIT_EXPECT)
[ -n "$expect" ] || fail "empty HARDEN_CXX_AUDIT_EXPECT"
grep -q "harden-audit --expect $expect words tallyxx\$" on/make.out || fail "make check did not audit words and tallyxx"
[ "$(summary_lang_state on C++ stdlib-hardening)" = on ] || fail "stdlib-hardening not on for g++: $(summary_lang on C++)"
subst on HARDEN_CXXFLAGS | grep -q -- '-D_GLIBCXX_ASSERTIONS' || fail "no -D_GLIBCXX_ASSERTIONS in HARDEN_CXXFLAGS"
subst on HARDEN_CPPFLAGS | grep -q -- '_GLIBCXX' && fail "a C++ macro in HARDEN_CPPFLAGS, which C gets too"

# words N: N = the number of words reads one past the end.
printf 'b a c\n' >three.in
(cd on && ./words 3 <../three.in >../on.out 2>../on.err)
rc=$?
[ $rc -eq 134 ] || fail "with stdlib-hardening, words 3 exited $rc, not SIGABRT (134): $(cat on.out on.err)"
grep -q "Assertion '__n < this->size()' failed" on.err || fail "no libstdc++ assertion message: $(cat on.err)"

cxx_example off CC=gcc CXX=g++ --disable-stdlib-hardening
cxx_make off
subst off HARDEN_CXXFLAGS | grep -q -- '-U_GLIBCXX_ASSERTIONS' || fail "--disable-stdlib-hardening: no -U_GLIBCXX_ASSERTIONS"
(cd off && ./words 3 <../three.in >../off.out 2>&1) || fail "without stdlib-hardening, words 3 failed: $(cat off.out)"
grep -Eq '^[0-9]+$' off.out || fail "without stdlib-hardening, words 3 printed: $(cat off.out)"
echo ok
