#!/bin/sh
# tests/README.md, the map of guarantees, names every test script and
# nothing else: a tests/AREA/NAME.sh (not lib.sh) that the map does not
# name has a guarantee nobody wrote down, and a name in the map without its
# script points at a guarantee that may no longer be held (a test merged or
# removed without updating the map).  Names in the map are AREA/NAME.sh,
# with or without tests/ in front; only those whose AREA is a directory of
# tests/ count, so paths such as examples/... or meson/... of the source
# tree elsewhere are no names.
. "$HARDEN_SRCDIR/tests/lib.sh"
map=$S/tests/README.md
[ -f "$map" ] || fail "no tests/README.md"

# The scripts, AREA/NAME.sh.
for f in "$S"/tests/*/*.sh; do
	case $f in */lib.sh) continue ;; esac
	echo "${f#"$S"/tests/}"
done | sort -u >scripts
[ -s scripts ] || fail "no test script found under $S/tests"

# The names in the map: path-like words ending in .sh, tests/ dropped,
# kept when they are AREA/NAME.sh with AREA a test area.
ls -d "$S"/tests/*/ | sed 's|/$||; s|.*/||' >areas
grep -oE '[A-Za-z0-9_./-]+\.sh' "$map" | sed 's|^tests/||' |
	awk -F/ 'NR == FNR { area[$0] = 1; next } NF == 2 && ($1 in area) && $2 != "lib.sh"' areas - |
	sort -u >named
[ -s named ] || fail "tests/README.md names no test script"

missing=$(comm -23 scripts named)
stale=$(comm -13 scripts named)
[ -z "$missing$stale" ] ||
	fail "tests/README.md${missing:+ does not name: $(echo $missing);}${stale:+ names scripts that do not exist: $(echo $stale)}"
echo "ok: $(wc -l <scripts) scripts, all in the map"
