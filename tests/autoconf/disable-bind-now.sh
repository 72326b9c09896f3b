# --disable-bind-now keeps RELRO but leaves lazy binding (-z lazy).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-bind-now || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex bind-now)" = off ] || fail "summary does not say off"
elf_has_relro ex/.libs/tally || fail "program lost RELRO"
elf_has_now ex/.libs/tally && fail "program still binds now"
echo ok
