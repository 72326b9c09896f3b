# A compiler wrapper that fails once (a distcc outage, a full disk for a
# moment), at any one of the driver's compiler calls, never turns a
# feature off: the run either stops with exit 3 or prints the very report
# of a run with no failure.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
cat >flaky <<'EOF2'
#!/bin/sh
# Call number n (counted with atomic mkdir) fails when n is FAIL_AT.
n=1
while ! mkdir "$COUNT/$n" 2>/dev/null; do n=$((n + 1)); done
if [ "$n" = "${FAIL_AT:-0}" ]; then
	echo "distcc[$$] ERROR: compile $n on localhost failed" >&2
	exit 1
fi
exec gcc "$@"
EOF2
chmod +x flaky
export CC="$T/flaky" CFLAGS="-O2" COUNT="$T/count"
mkdir count
sh "$S/catalog/harden-flags" >reference || fail "the reference run failed"
calls=$(ls count | wc -l)
[ "$calls" -ge "$standard_runs" ] || fail "only $calls calls"
grep -v '^runs=' reference >want
i=1
while [ $i -le "$calls" ]; do
	rm -rf count && mkdir count
	if FAIL_AT=$i sh "$S/catalog/harden-flags" >got 2>err; then
		grep -v '^runs=' got | diff want - >/dev/null ||
			fail "call $i failed: the report differs: $(grep -v '^runs=' got | diff want -)"
	else
		rc=$?
		[ $rc -eq 3 ] || fail "call $i failed: exit $rc: $(cat err)"
		grep -q "^harden-flags: cannot run: .*distcc\[.*ERROR: compile $i on localhost failed" err ||
			fail "call $i failed: message: $(cat err)"
	fi
	i=$((i + 1))
done
note "$calls calls, each failed once"
echo ok
