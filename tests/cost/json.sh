#!/bin/sh
# --json (on standard output, replacing the table) parses with Python's
# json.tool and has the costs, features and variants with their samples.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cost_make "$T/p" --features stack-protector,fortify-source --rounds 5 --instructions none \
	--workdir "$T/work" --json --quiet --run '"$HARDEN_COST_BUILDDIR/hello" >/dev/null' \
	>out.json 2>err || fail "harden-cost failed: $(cat err)"
python3 -m json.tool out.json >pretty.json || fail "the JSON does not parse: $(head -c 600 out.json)"
grep -q '^harden-cost:' out.json && fail "the table went to standard output too"
[ "$(json_get out.json 'j["measure"]["rounds"]')" = 5 ] || fail "not 5 rounds"
[ "$(json_get out.json '" ".join(sorted(c["name"] for c in j["costs"] if c["kind"] == "feature"))')" = \
	"fortify-source stack-protector" ] || fail "costs: $(json_get out.json '[c["name"] for c in j["costs"]]')"
[ "$(json_get out.json '[c for c in j["costs"] if c["kind"] == "level"][0]["name"]')" = "standard vs none" ] ||
	fail "no level cost"
[ "$(json_get out.json 'all(c["time"]["pairs"] == 5 and c["time"]["low"] <= c["time"]["ratio"] <= c["time"]["high"] for c in j["costs"])')" = True ] ||
	fail "a cost lacks its 5 pairs or its interval"
[ "$(json_get out.json '[f["state"] for f in j["features"] if f["name"] == "branch-protection"][0]')" != on ] ||
	fail "branch-protection on x86?"
[ "$(json_get out.json 'len(j["variants"])')" = 5 ] || fail "not 5 variants (the control too)"
json_get out.json 'j["note"]' | grep -q 'overstate nop-like costs' || fail "no note on instruction counts"
echo ok
