#!/bin/sh
# The "within noise" verdicts hold for the whole report (Holm's correction
# over its comparisons), and the report says how many comparisons it made.
# A workload prints fixed figures: every variant 100, except
# standard-no-relro, 99 in 8 rounds of 10 and 101 in 2, so that relro
# costs +1 %.  Compared with the level and the control alone (3
# comparisons) relro's cost resolves; among every feature of the standard
# level (each of the others costs exactly nothing) the same rounds,
# resampled the same way (--seed, and each comparison's own resampling),
# are within noise.  One layout (--layouts 1): the bootstrap over rounds,
# whose resampling these figures were chosen for.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cat >"$T/work.sh" <<'EOS'
set -- 99 99 101 99 99 99 101 99 99 99
eval "v=\${$HARDEN_COST_ROUND}"
[ "$HARDEN_COST_VARIANT" = standard-no-relro ] || v=100
echo "score: $v"
EOS
cost() {
	_name=$1
	shift
	cost_make "$T/p" --rounds 10 --layouts 1 --instructions none --quiet --seed 1 --figure score: \
		--run "sh '$T/work.sh'" --json="$T/$_name.json" "$@" >"$T/$_name.out" 2>"$T/$_name.err" ||
		fail "$_name: exit $?: $(cat "$T/$_name.err")"
}
relro() {	# FILE EXPR: of the relro cost in the JSON
	json_get "$T/$1.json" "[m for m in j['costs'] if m['name'] == 'relro'][0]$2"
}
cost alone --features relro
grep -q '^time intervals: Holm-corrected over 3 comparisons, 95% for the whole report' "$T/alone.out" ||
	fail "alone: no comparison count: $(head -n 3 "$T/alone.out")"
grep -Eq '^  relro +\+1\.0% \[' "$T/alone.out" || fail "alone: relro is not resolved: $(cat "$T/alone.out")"
[ "$(json_get "$T/alone.json" "j['measure']['comparisons']")" = 3 ] || fail "alone: JSON comparisons"
[ "$(relro alone "['time']['within_noise']")" = False ] || fail "alone: JSON within_noise"

cost all
n=$(json_get "$T/all.json" "j['measure']['comparisons']")
[ "$n" = "$(json_get "$T/all.json" "len([m for m in j['costs'] if m['time']['low'] is not None])")" ] ||
	fail "all: $n comparisons, but not as many intervals"
[ "$n" -ge 8 ] || fail "all: only $n comparisons"
grep -q "^time intervals: Holm-corrected over $n comparisons, 95% for the whole report" "$T/all.out" ||
	fail "all: no comparison count: $(head -n 3 "$T/all.out")"
grep -Eq '^  relro +within noise \[' "$T/all.out" || fail "all: relro resolved among $n: $(cat "$T/all.out")"
[ "$(relro all "['time']['within_noise']")" = True ] || fail "all: JSON within_noise"
python3 -c "import sys; assert float(sys.argv[1]) >= 1 - 0.05 / $n" "$(relro all "['time']['confidence']")" ||
	fail "all: relro's interval is not at 1 - 0.05/$n"
[ "$(relro all "['time']['ratio']")" = "$(relro alone "['time']['ratio']")" ] || fail "not the same cost"
grep -E '^  [a-z].* [+-][0-9.]+% \[' "$T/all.out" && fail "all: a cost resolved"
echo ok
