#!/bin/sh
# --svg writes a well-formed SVG (Python's xml.etree parses it) with one
# label per cost, bars, and whiskers for the intervals.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
tiny_project "$T/p"
cost_make "$T/p" --features stack-protector,pie --rounds 5 --instructions none \
	--workdir "$T/work" --svg "$T/chart.svg" --quiet --run '"$HARDEN_COST_BUILDDIR/hello" >/dev/null' \
	>out 2>err || fail "harden-cost failed: $(cat err)"
python3 - "$T/chart.svg" <<'EOP' || fail "the SVG is not what it should be"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg", root.tag
texts = [t.text or "" for t in root.iter(ns + "text")]
for label in ("stack-protector", "pie", "standard vs none"):
    assert label in texts, (label, texts)
assert len(list(root.iter(ns + "rect"))) >= 4, "no bars"
assert len(list(root.iter(ns + "path"))) == 4, "not one whisker per cost (and the control)"
EOP
echo ok
