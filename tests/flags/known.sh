# Known results (Autoconf's cache, preseeds) decide features without a
# probe: all known, and the traits, means no compiler run at all.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" >first || fail "first run failed"
set --
while read -r k f rest; do
	[ "$k" = result ] && set -- "$@" "--known=$f=$rest"
done <first
want=$(sh "$H" --list=tsv | awk -F '\t' '$2 == "standard"' | wc -l)
[ $# -eq "$want" ] || fail "$# result lines, want the $want of the standard level"
sh "$H" "$@" --traits="$(report_key first traits)" >second || fail "second run failed"
[ "$(report_key second runs)" = 0 ] || fail "known results still probed: runs=$(report_key second runs)"
grep -v '^runs=' first >a; grep -v '^runs=' second >b
cmp -s a b || fail "known results give another report: $(diff a b)"
# Without the traits, an audit row that holds for one format only
# (fortify-source: format=elf) is not expected: a gate must not fail a
# correct build.
sh "$H" "$@" >third || fail "run without traits failed"
[ "$(report_key third audit_expect)" = stack-protector,pie,relro,bind-now,noexecstack ] ||
	fail "audit_expect without traits: $(report_key third audit_expect)"
# A bare value name takes its first row; "no: REASON" is unsupported.
sh "$H" --known=stack-protector=basic '--known=pie=no: preseeded' >fourth || fail "fourth run failed"
report_expect fourth stack-protector "on basic"
report_key fourth cflags | grep -q -- '-fstack-protector --param=ssp-buffer-size=4' || fail "basic's flags missing"
[ "$(report_reason fourth pie)" = preseeded ] || fail "pie: $(report_reason fourth pie)"
[ "$(report_key fourth runs)" -gt 0 ] || fail "the rest was not probed"
echo ok
