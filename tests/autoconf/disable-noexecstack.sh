# --disable-noexecstack means the stack really is executable (-z execstack):
# the builder asked for the binary to lack the feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-noexecstack || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex noexecstack)" = off ] || fail "summary does not say off"
elf_exec_stack ex/.libs/tally || fail "program stack is not RWE"
echo ok
