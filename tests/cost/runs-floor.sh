#!/bin/sh
# With layouts, a cost's interval is never narrower than the runs' own
# noise allows: layouts whose means agree by chance do not make a cost of
# nothing "resolved".  A workload prints fixed figures: every variant 100,
# except standard-no-relro, 92 or 112 by round, so that each of the two
# layouts (round R runs layout R mod 2) gets 92, 112, 92, 112: the layouts'
# means are equal, their spread is 0, and only the runs (+-10 %) say how
# uncertain relro's +2 % is: with 2 layouts of 4 runs, within noise.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cat >"$T/work.sh" <<'EOS'
set -- 92 92 112 112 92 92 112 112
eval "v=\${$HARDEN_COST_ROUND}"
[ "$HARDEN_COST_VARIANT" = standard-no-relro ] || v=100
echo "score: $v"
EOS
cost_make "$T/p" --features relro --rounds 8 --layouts 2 --instructions none --quiet --seed 1 \
	--figure score: --run "sh '$T/work.sh'" --json="$T/cost.json" >"$T/out" 2>"$T/err" ||
	fail "exit $?: $(cat "$T/err")"
relro() { json_get "$T/cost.json" "[m for m in j['costs'] if m['name'] == 'relro'][0]$1"; }
[ "$(relro "['time']['within_noise']")" = True ] ||
	fail "relro resolved from two layouts that agree by chance: $(grep '^  relro' "$T/out")"
grep -Eq '^  relro +within noise \[' "$T/out" || fail "relro: $(cat "$T/out")"
# The layouts agree: their spread is 0; the runs' is not.
grep -Eq '^  relro .*layouts ±0\.0%, runs ±[1-9][0-9]*\.[0-9]%' "$T/out" ||
	fail "not the spread this test is about: $(grep '^  relro' "$T/out")"
echo ok
