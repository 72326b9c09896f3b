#!/bin/sh
# --cpu-time measures the user+system time of the command and of every
# process it started (also one it left in the background and that was
# reaped when the run ended), not the wall time: a run that sleeps costs
# almost nothing, a run that computes in a child costs its CPU time.
# One layout a variant: what is counted does not depend on their number.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cost_make "$T/p" --features pie --rounds 2 --layouts 1 --instructions none --workdir "$T/work" --quiet \
	--cpu-time --json="$T/sleep.json" --run 'sleep 0.4' >out 2>&1 || fail "harden-cost failed: $(cat out)"
[ "$(json_get "$T/sleep.json" 'j["measure"]["kind"]')" = cpu-time ] || fail "the measure is not cpu-time"
[ "$(json_get "$T/sleep.json" 'all(s < 0.2 for v in j["variants"] for s in v["samples"])')" = True ] ||
	fail "sleeping counted as CPU time: $(json_get "$T/sleep.json" '[v["samples"] for v in j["variants"]]')"
cost_make "$T/p" --features pie --rounds 2 --layouts 1 --instructions none --workdir "$T/work" --quiet \
	--cpu-time --json="$T/busy.json" \
	--run 'sh -c "i=0; while [ \$i -lt 100000 ]; do i=\$((i+1)); done" & wait' >out 2>&1 ||
	fail "harden-cost failed: $(cat out)"
[ "$(json_get "$T/busy.json" 'all(s > 0.02 for v in j["variants"] for s in v["samples"])')" = True ] ||
	fail "a child's CPU time was not counted: $(json_get "$T/busy.json" '[v["samples"] for v in j["variants"]]')"
echo ok
