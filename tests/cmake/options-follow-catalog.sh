#!/bin/sh
# The options follow catalog/features.txt: one HARDENING_<FEATURE> cache
# entry per feature (upper case, - -> _), default AUTO, whose choices are
# AUTO ON OFF and the feature's value names in catalog order; no other
# HARDENING_* option.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake

b=$T/build
cmake_configure "$b" "$EXAMPLE" -DCMAKE_BUILD_TYPE=Release
awk '
$1 == "feature" { if (name != "") print name, vals; name = $2; vals = "AUTO;ON;OFF"; seen = "" }
$1 == "value" && index(seen, " " $3 " ") == 0 { vals = vals ";" $3; seen = seen " " $3 " " }
END { print name, vals }' "$S/catalog/features.txt" >"$T/expected"
[ -s "$T/expected" ] || fail "no feature in the catalog"
n=0
while read -r feature vals; do
	opt=HARDENING_$(echo "$feature" | tr 'a-z-' 'A-Z_')
	grep -qx "$opt:STRING=AUTO" "$b/CMakeCache.txt" || fail "no $opt:STRING=AUTO"
	grep -qx "$opt-STRINGS:INTERNAL=$vals" "$b/CMakeCache.txt" ||
		fail "$opt choices: want $vals, have $(grep "^$opt-STRINGS" "$b/CMakeCache.txt")"
	n=$((n + 1))
done <"$T/expected"
have=$(grep -c '^HARDENING_[A-Z_]*:STRING=' "$b/CMakeCache.txt")
[ "$have" -eq "$n" ] || fail "$have HARDENING_* options for $n features"
exit 0
