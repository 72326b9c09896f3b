#!/bin/sh
# --layouts K: each variant is linked in K orders of its objects (the
# binaries of its layouts differ), round R runs layout R mod K, and the
# report shows the layouts, each cost's spread between layouts and
# between runs, and the control (the baseline against itself in other
# layouts).  A bad K is a usage error that names the valid form.  The
# figure is the program's own layout (how far apart two functions are)
# plus the environment padding of the run: no timing.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3 nm
for bad in 0 10 -1 x 2.5 ''; do
	"$HC" --make "$T" --run true --layouts "$bad" >out 2>err && fail "--layouts '$bad' accepted"
	[ $? -eq 2 ] || fail "--layouts '$bad': not a usage error: $(cat err)"
	grep -qF -- "--layouts needs a whole number from 1 to 9, not '$bad'" err ||
		fail "--layouts '$bad': $(cat err)"
done
objects_project "$T/p"
cat >"$T/work.sh" <<'EOS'
echo "$HARDEN_COST_VARIANT $HARDEN_COST_LAYOUT ${HARDEN_COST_BUILDDIR##*-}" >>"$T/seen"
echo "score: $(( $("$HARDEN_COST_BUILDDIR/prog") * 100 + ${#HARDEN_COST_PAD} % 97 ))"
EOS
T=$T cost_make "$T/p" --features relro --rounds 6 --instructions none --quiet --seed 7 \
	--workdir "$T/w" --keep --figure score: --run "T='$T' sh '$T/work.sh'" \
	--json="$T/out.json" >out 2>err || fail "harden-cost failed: $(cat err)"
# the layouts are real: the control's three builds put the functions in
# more than one order, and every run ran the layout of its round
orders=$(for l in 1 2 3; do nm -n "$T/w/v004-$l/prog" | sed -n 's/.* T f_//p' | tr -d '\n'; echo; done |
	sort -u | wc -l)
[ "$orders" -ge 2 ] || fail "the control's 3 layouts have one order of functions"
awk '$2 != $3 { exit 1 }' "$T/seen" || fail "a run's HARDEN_COST_LAYOUT is not its build's: $(cat "$T/seen")"
[ "$(cut -d' ' -f2 "$T/seen" | sort -u | tr -d '\n')" = 123 ] || fail "not every layout ran: $(cat "$T/seen")"
grep -q '^layouts: 3 per variant, shuffled: link order of up to 5 objects' out ||
	fail "no layouts line: $(head -n 4 out)"
grep -Eq '^  relro .* layouts ±[0-9.]+%, runs ±[0-9.]+%' out || fail "relro has no spread: $(cat out)"
grep -q '^Control (the baseline against itself in other layouts' out || fail "no control section: $(cat out)"
grep -Eq '^  standard vs itself +(within noise \[|[+-][0-9.]+% \[)' out || fail "no control cost: $(cat out)"
grep -q '^time intervals: Holm-corrected over 3 comparisons' out || fail "the control is not counted: $(cat out)"
[ "$(json_get "$T/out.json" 'j["measure"]["layouts"]')" = 3 ] || fail "JSON: layouts"
[ "$(json_get "$T/out.json" '[m["kind"] for m in j["costs"]].count("control")')" = 1 ] || fail "JSON: no control"
[ "$(json_get "$T/out.json" '[m for m in j["costs"] if m["kind"] == "control"][0]["time"]["between_layouts"] > 0')" = True ] ||
	fail "JSON: the control's layouts do not differ"
[ "$(json_get "$T/out.json" 'all(m["time"]["between_runs"] > 0 for m in j["costs"])')" = True ] ||
	fail "JSON: no spread between runs"
echo ok
