# make check runs harden-audit on the example's program and library,
# expecting what configure detected; it passes as built, and fails when a
# feature is lost behind configure's back (LDFLAGS=-no-pie or
# CFLAGS=-fno-stack-protector given to make only).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ make
# The run's build of the example (tests/autoconf/lib.sh: with its C++
# programs, make check passed), copied: the cases below change it.
example_gcc_built
cp -pR "$EX" ex || exit 99
expect=$(subst ex HARDEN_AUDIT_EXPECT)
[ "$expect" = stack-protector,fortify-source,pie,relro,bind-now,noexecstack ] ||
	fail "HARDEN_AUDIT_EXPECT is '$expect'"
grep -q -- "--expect $expect" ex/make.out || fail "make check did not run the audit"
grep -q '^pie .*\.libs/tally$' ex/make.out || fail "the audit table does not show the program as PIE"

# The program relinked.
(cd ex && rm -f tally && make -j2 check LDFLAGS=-no-pie >nopie.out 2>&1) &&
	fail "make check passed with a non-PIE program"
grep -q 'pie' ex/nopie.out || fail "the failure does not name pie"
grep -q 'exec .*\.libs/tally$' ex/nopie.out || fail "the audit did not see a non-PIE program: $(tail -n 5 ex/nopie.out)"

# The program's object compiled again (the library keeps its canaries).
(cd ex && rm -f tally src/main.o && make -j2 check CFLAGS="-g -O2 -fno-stack-protector" >nossp.out 2>&1) &&
	fail "make check passed without stack protection"
grep -q 'stack-protector' ex/nossp.out || fail "the failure does not name stack-protector: $(tail -n 5 ex/nossp.out)"

# Without harden-audit, the gate (HARDEN_AUDIT_CHECK, which make check runs
# as above) only says so, and passes: what configure decides, on
# tests/autoconf/small.
autotools_small ex2 HARDEN_AUDIT= || fail "configure without harden-audit failed"
gate=$(subst ex2 HARDEN_AUDIT_CHECK)
(cd ex2 && PATH=/usr/bin:/bin sh -c "$gate tally" >check.out 2>&1) || fail "the gate failed without harden-audit: $gate"
grep -q 'harden-audit not found, not audited' ex2/check.out || fail "no note about the missing harden-audit: $gate"
echo ok
