#!/bin/sh
# --env-variant NAME=VAR=VALUE[,VAR=VALUE...]: a run-time variant, priced
# beside the features with the same statistics.  It runs the baseline's
# builds (none of its own) with its variables added to the environment.
# A bad spelling is a usage error naming the valid form.  Here a workload
# whose figure doubles with SCALE=2 costs +100 %, and one whose variable
# changes nothing is within noise.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
bad() {
	"$HC" --make "$T" --run true --env-variant "$1" >out 2>err && fail "--env-variant '$1' accepted"
	[ $? -eq 2 ] || fail "--env-variant '$1': not a usage error: $(cat err)"
	grep -qF -- "$2" err || fail "--env-variant '$1': no '$2' in: $(cat err)"
}
bad x "--env-variant needs NAME=VAR=VALUE[,VAR=VALUE...]"
bad 'a b=X=1' "--env-variant needs NAME=VAR=VALUE[,VAR=VALUE...]"
bad '=X=1' "--env-variant needs NAME=VAR=VALUE[,VAR=VALUE...]"
bad n=X "--env-variant n: 'X' is not VAR=VALUE"
bad n=1X=2 "--env-variant n: '1X=2' is not VAR=VALUE"
bad n=X=1,Y "--env-variant n: 'Y' is not VAR=VALUE"
"$HC" --make "$T" --run true --env-variant n=X=1 --env-variant n=Y=2 >out 2>err
[ $? -eq 2 ] && grep -q 'env-variant n given twice' err || fail "a name given twice: $(cat err)"
tiny_project "$T/p"
cat >"$T/work.sh" <<'EOS'
echo "$HARDEN_COST_VARIANT ${OTHER-unset} $HARDEN_COST_BUILDDIR" >>"$T/seen"
echo "score: $(( 100 * ${SCALE:-1} )).$(( ${#HARDEN_COST_PAD} % 10 ))"
EOS
cost_make "$T/p" --features relro --rounds 6 --instructions none --quiet --seed 2 \
	--workdir "$T/w" --figure score: --run "T='$T' sh '$T/work.sh'" --json="$T/out.json" \
	--env-variant double=SCALE=2,OTHER=x --env-variant same=OTHER=y >out 2>err ||
	fail "harden-cost failed: $(cat err)"
grep -q "^Cost of each run-time variant" out || fail "no section of run-time variants: $(cat out)"
grep -Eq '^  double +\+(9[5-9]|10[0-5])\.[0-9]% \[.*\(SCALE=2,OTHER=x\)$' out || fail "double: $(cat out)"
grep -Eq '^  same +within noise \[.*\(OTHER=y\)$' out || fail "same: $(cat out)"
grep -q '^time intervals: Holm-corrected over 5 comparisons' out || fail "not 5 comparisons: $(cat out)"
# the environment reaches the runs, and they run the baseline's builds
grep -q '^standard+env-double x .*/v001-[123]$' "$T/seen" || fail "double's runs: $(cat "$T/seen")"
grep -q '^standard+env-same y .*/v001-[123]$' "$T/seen" || fail "same's runs: $(cat "$T/seen")"
grep -q '^standard unset ' "$T/seen" || fail "the baseline got the variable"
[ -f "$T/w/logs/standard+env-double.build.log" ] && fail "a run-time variant was built"
[ "$(json_get "$T/out.json" '[m["kind"] for m in j["costs"]].count("env")')" = 2 ] || fail "JSON: not 2 env costs"
[ "$(json_get "$T/out.json" '[v["env"] for v in j["variants"] if v["name"] == "standard+env-double"][0]')" = \
	"['SCALE=2', 'OTHER=x']" ] || fail "JSON: the variant's environment"
echo ok
