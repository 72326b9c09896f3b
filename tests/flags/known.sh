# Known results (Autoconf's cache, preseeds) decide features without a
# probe: all known means no compiler run at all.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" >first || fail "first run failed"
set --
while read -r k f rest; do
	[ "$k" = result ] && set -- "$@" "--known=$f=$rest"
done <first
[ $# -eq 13 ] || fail "$# result lines, want the 13 of the standard level"
sh "$H" "$@" >second || fail "second run failed"
[ "$(report_key second runs)" = 0 ] || fail "known results still probed: runs=$(report_key second runs)"
# The same report, but for the count and the traits (nothing was preprocessed).
grep -v '^runs=\|^traits=' first >a; grep -v '^runs=\|^traits=' second >b
cmp -s a b || fail "known results give another report: $(diff a b)"
# A bare value name takes its first row; "no: REASON" is unsupported.
sh "$H" --known=stack-protector=basic '--known=pie=no: preseeded' >third || fail "third run failed"
report_expect third stack-protector "on basic"
report_key third cflags | grep -q -- '-fstack-protector --param=ssp-buffer-size=4' || fail "basic's flags missing"
[ "$(report_reason third pie)" = preseeded ] || fail "pie: $(report_reason third pie)"
[ "$(report_key third runs)" -gt 0 ] || fail "the rest was not probed"
echo ok
