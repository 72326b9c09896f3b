# --cache=FILE: unchanged inputs give the same report with no compiler run;
# other flags, CC's own arguments, a newer compiler or a newer catalog probe
# again.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
mkdir cat && cp "$S"/catalog/* cat/
H="$T/cat/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" --cache=c >first || fail "first run failed"
[ "$(report_key first runs)" = "$standard_runs" ] || fail "first run: runs=$(report_key first runs)"
sh "$H" --cache=c >second || fail "second run failed"
[ "$(report_key second runs)" = 0 ] || fail "unchanged inputs probed again"
grep -v '^runs=' first >a; grep -v '^runs=' second >b
cmp -s a b || fail "the cached report differs"
# The same compiler with other arguments in CC is another compiler (the
# cache holds the run above, whose inputs are otherwise the same).
CC="gcc -fno-stack-protector" sh "$H" --cache=c >cc-args || fail "the run with CC's arguments failed"
[ "$(report_key cc-args runs)" = "$standard_runs" ] || fail "CC with arguments did not probe again"
report_expect cc-args stack-protector "builder off"
CFLAGS=-O1 sh "$H" --cache=c >third || fail "third run failed"
[ "$(report_key third runs)" = "$standard_runs" ] || fail "other CFLAGS did not probe again"
sh "$H" --cache=c --level=strict >fourth && [ "$(report_key fourth runs)" -gt 0 ] || fail "another level did not probe again"
sleep 1; touch cat/probe.c
sh "$H" --cache=c --level=strict >fifth && [ "$(report_key fifth runs)" -gt 0 ] || fail "a newer catalog did not probe again"
echo ok
