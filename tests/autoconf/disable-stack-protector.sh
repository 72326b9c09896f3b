# --disable-stack-protector removes the canary even when the compiler
# command itself turns it on (CC="gcc -fstack-protector-strong").
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex CC="gcc -fstack-protector-strong" --disable-stack-protector ||
	fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex stack-protector)" = off ] || fail "summary does not say off"
subst ex HARDEN_CFLAGS | grep -q -- -fno-stack-protector || fail "no -fno-stack-protector in HARDEN_CFLAGS"
elf_has_sym ex/.libs/tally __stack_chk_fail && fail "program still has a canary"
elf_has_sym ex/.libs/libtally.so.0.0.0 __stack_chk_fail && fail "library still has a canary"
elf_has_chk ex/.libs/tally || fail "the other features went missing (no fortified calls)"
echo ok
