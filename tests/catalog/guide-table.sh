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
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$S/tests/catalog/lib.sh"
generated_mode "$@"
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
	echo '| Feature | OpenSSF guide | GCC 14 `-fhardened` | harden standard | harden strict | Where |'
	echo '|---|---|---|---|---|---|'
	cat rows
} >table
generated_text doc/features.md "$begin" "$end" "$T/table" "guide table"
[ "$mode" = test ] && echo ok
exit 0
