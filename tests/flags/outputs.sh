# The command line's outputs agree with its report: --cppflags, --cflags,
# --exe-cflags, --ldflags, --exe-ldflags print the report's lists (several
# selectors join on one line), --export=sh gives shell assignments that
# evaluate to them, --export=make make assignments, --summary one line per
# feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" --cache=c >report || fail "report failed"
for o in cppflags cflags exe-cflags ldflags exe-ldflags; do
	k=$(echo $o | tr - _)
	[ "$(sh "$H" --cache=c --$o)" = "$(report_key report $k)" ] || fail "--$o differs from the report's $k="
done
[ "$(sh "$H" --cache=c --cppflags --cflags)" = "$(report_key report cppflags) $(report_key report cflags)" ] ||
	fail "two selectors do not join"
report_key report cflags | grep -q -- -fstack-protector-strong || fail "no stack protector in cflags"
report_key report exe_ldflags | grep -qx -- -pie || fail "exe_ldflags is not -pie"
report_key report ldflags | grep -q -- -pie && fail "-pie in ldflags (it must never reach a shared library)"
sh "$H" --cache=c --export=sh >env.sh || fail "--export=sh failed"
(. ./env.sh && [ "$HARDEN_CFLAGS" = "$(report_key report cflags)" ] && [ "$HARDEN_EXE_LDFLAGS" = -pie ] &&
	sh -c '[ -n "$HARDEN_LDFLAGS" ]') || fail "--export=sh does not evaluate to the report's lists (or is not exported)"
sh "$H" --cache=c --export=make >harden.mk || fail "--export=make failed"
printf 'include harden.mk\nall:\n\t@echo "$(HARDEN_CPPFLAGS)|$(HARDEN_AUDIT_EXPECT)"\n' >Makefile
[ "$(make -s)" = "$(report_key report cppflags)|$(report_key report audit_expect)" ] || fail "--export=make: $(make -s)"
n=$(sh "$H" --cache=c --summary | grep -c '^  [a-z-]*  *\(on\|off\|unsupported\|builder\) ')
[ "$n" -eq "$(grep -c '^feature ' "$S/catalog/features.txt")" ] || fail "--summary has $n feature lines"
echo ok
