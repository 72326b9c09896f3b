#!/bin/sh
# When the control (the baseline against itself in other layouts) resolves,
# the report gives no time cost: the table, the Markdown, the JSON and the
# SVG say the machine or the workload is too noisy for a verdict.  Forced
# here by a workload that is slower for the control's builds (as a machine
# whose load changes between builds would make it): every variant scores
# 100 but the control 150, with a little noise from the environment padding.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cat >"$T/work.sh" <<'EOS'
v=100
case $HARDEN_COST_VARIANT in *-control) v=$1 ;; esac
echo "score: $v.$(( ${#HARDEN_COST_PAD} % 10 ))"
EOS
cost_make "$T/p" --features relro,pie --rounds 6 --instructions none --quiet --seed 3 \
	--figure score: --run "sh '$T/work.sh' 150" --json="$T/out.json" --markdown="$T/out.md" \
	--svg "$T/out.svg" >out 2>err || fail "harden-cost failed: $(cat err)"
grep -q '^verdict: too noisy for a verdict: the control (standard vs itself, in other layouts) moved by +[45][0-9]\.[0-9]%' out ||
	fail "no verdict: $(cat out)"
grep -Eq '^  standard vs itself +\+[45][0-9]\.[0-9]% \[' out || fail "the control is not shown resolved: $(cat out)"
for cost in relro pie 'standard vs none'; do
	grep -Eq "^  $cost +no verdict \(too noisy\)" out || fail "$cost: $(cat out)"
done
grep -E '^  (relro|pie|standard vs none) ' out | grep -E '[+-][0-9.]+% \[' && fail "a cost printed: $(cat out)"
grep -q '^\*\*Verdict\*\*: too noisy for a verdict' "$T/out.md" || fail "Markdown: no verdict"
grep -c 'no verdict (too noisy)' "$T/out.md" | grep -qx 3 || fail "Markdown: $(cat "$T/out.md")"
[ "$(json_get "$T/out.json" 'j["verdict"]')" = too-noisy ] || fail "JSON: verdict"
[ "$(json_get "$T/out.json" 'all(m["time"]["ratio"] is None and m["time"]["too_noisy"] for m in j["costs"] if m["kind"] != "control")')" = True ] ||
	fail "JSON: a time cost despite the verdict"
[ "$(json_get "$T/out.json" '[m["time"]["within_noise"] for m in j["costs"] if m["kind"] == "control"][0]')" = False ] ||
	fail "JSON: the control is within noise"
grep -q 'Too noisy for a verdict' "$T/out.svg" || fail "SVG: no verdict"
[ "$(grep -c 'time: no verdict' "$T/out.svg")" = 3 ] || fail "SVG: $(grep -o 'time[^<]*' "$T/out.svg")"
# the same workload without the slow control: a verdict
cost_make "$T/p" --features relro,pie --rounds 6 --instructions none --quiet --seed 3 \
	--figure score: --run "sh '$T/work.sh' 100" --json="$T/ok.json" >ok 2>err || fail "harden-cost failed: $(cat err)"
grep -q '^verdict:' ok && fail "a verdict with a quiet control: $(cat ok)"
[ "$(json_get "$T/ok.json" 'j["verdict"]')" = measured ] || fail "JSON: verdict with a quiet control"
echo ok
