#!/bin/sh
# doc/features.md's table of the OpenSSF guide, GCC's -fhardened and harden's
# levels ("The OpenSSF guide and -fhardened"), made from catalog/features.txt
# alone: the guide column from the guide rows, the -fhardened column from
# the builder patterns on:-fhardened, the levels and targets from the
# feature rows.  Fails when doc/features.md's table, between the guide markers,
# differs from the catalog's.
#
#	sh tests/catalog/guide-table.sh            checks doc/features.md
#	sh tests/catalog/guide-table.sh --write    rewrites its table
#	sh tests/catalog/guide-table.sh --print    prints the table
: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
mode=test
case $1 in
--write) mode=write ;;
--print) mode=print ;;
'') ;;
*) echo "usage: sh tests/catalog/guide-table.sh [--write | --print]" >&2; exit 2 ;;
esac
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$S/tests/catalog/lib.sh"
README=$S/doc/features.md
begin='<!-- guide:begin -->'
end='<!-- guide:end -->'

# One row per feature, in catalog order.
awk "$catalog_where_awk"'
function flush() {
	if (name == "") return
	std = level == "standard" ? "yes" : "-"
	str = level == "standard" || level == "strict" ? "yes" : "-"
	if (level != "standard" && level != "strict") std = str = "on request"
	printf "| `%s` | %s | %s | %s | %s | %s |\n", name, guide == "" ? "-" : guide,
		hardened ? "yes" : "-", std, str, where(req)
}
$1 == "feature" {
	flush()
	name = $2; level = $3; req = $4; guide = ""; hardened = 0
}
$1 == "guide" && $2 == name {
	f = ""
	for (i = 4; i <= NF; i++) f = f (f == "" ? "" : " ") $i
	guide = ($3 == "short" ? "short list: " : "situational: ") "`" f "`"
}
$1 == "builder" && $2 == name {
	for (i = 3; i <= NF; i++) if ($i == "on:-fhardened") hardened = 1
}
END { flush() }' "$S/catalog/features.txt" >rows || fail "cannot read the catalog"
{
	echo "$begin"
	echo '| Feature | OpenSSF guide | GCC 14 `-fhardened` | harden standard | harden strict | Where |'
	echo '|---|---|---|---|---|---|'
	cat rows
	echo "$end"
} >table

case $mode in
print) cat table; exit 0 ;;
esac
grep -qx "$begin" "$README" && grep -qx "$end" "$README" || fail "doc/features.md lacks the guide markers ($begin, $end)"
awk -v b="$begin" -v e="$end" -v t="$T/table" '
	$0 == b { while ((getline l < t) > 0) print l; skip = 1; next }
	$0 == e { skip = 0; next }
	!skip' "$README" >readme.new || fail "cannot make the new doc/features.md"
if [ "$mode" = write ]; then
	cat readme.new >"$README" || fail "cannot write $README"
	echo "doc/features.md: guide table written"
	exit 0
fi
cmp -s readme.new "$README" || {
	diff -u "$README" readme.new | head -n 40
	fail "doc/features.md's guide table is stale: run sh tests/catalog/guide-table.sh --write"
}
echo ok
