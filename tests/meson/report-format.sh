#!/bin/sh
# harden-report.txt has the five flag lists, enabled and audit_expect, then
# one line per catalog feature in catalog order with a valid state; the
# summary() lists every feature.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
report "$T/b" >"$T/r"
printf '%s\n' cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect >"$T/keys"
sed -n '1,7s/=.*//p' "$T/r" | diff "$T/keys" - || fail "the first seven lines are not the flag lists, enabled and audit_expect"
awk '$1 == "feature" { print $2 }' "$SRC/catalog/features.txt" >"$T/features"
sed -n '8,$p' "$T/r" | awk '{ print $2 }' | diff "$T/features" - || fail "feature lines differ from the catalog"
sed -n '8,$p' "$T/r" | awk '
	$1 != "feature" || NF < 5 { print "bad line: " $0; bad = 1 }
	$3 == "on" && ($4 == "-" || $5 != "-") { print "bad on line: " $0; bad = 1 }
	$3 != "on" && ($3 != "off" && $3 != "unsupported" || $4 != "-" || $5 == "-") { print "bad line: " $0; bad = 1 }
	END { exit bad }' || fail "malformed feature lines"
want=$(sed -n '8,$p' "$T/r" | awk '$3 == "on" { printf "%s%s=%s", sep, $2, $4; sep = " " }')
grep -qx "enabled=$want" "$T/r" || fail "enabled= is not the on features: $want"
want=$(audit_expect_want "$T/b")
[ -n "$want" ] || fail "no feature with an audit row is on"
grep -qx "audit_expect=$want" "$T/r" || fail "audit_expect= is not the on features with an audit row: $want"
while read -r f; do
	grep -q "^ *$f *: \(on\|off\|unsupported\)" "$T/b.log" || fail "summary lacks $f"
done <"$T/features"
echo ok
