# --disable-relro gives no GNU_RELRO segment (binutils adds one by default),
# and bind-now, which needs relro, is reported as such and left out.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-relro || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex relro)" = off ] || fail "summary does not say relro off"
[ "$(summary_state ex bind-now)" = unsupported ] || fail "bind-now not reported unsupported"
grep -q 'bind-now .*needs relro' ex/configure.out || fail "no 'needs relro' reason"
elf_has_relro ex/.libs/tally && fail "program still has GNU_RELRO"
elf_has_now ex/.libs/tally && fail "program has BIND_NOW without RELRO"
# Asking for both at once is a contradiction configure must refuse.
autotools_example ex2 --disable-relro --enable-bind-now && fail "configure accepted --enable-bind-now --disable-relro"
grep -q 'error: cannot enable bind-now: needs relro' ex2/configure.out || fail "unexpected error: $(tail -n 1 ex2/configure.out)"
echo ok
