#!/bin/sh
# harden-report.txt is the report of catalog/harden-flags, verbatim
# (catalog/README.md, "The report"): the same as the driver prints for the
# same inputs, its keys in order, one feature line per catalog feature in
# catalog order with a valid state, enabled and audit_expect consistent
# with the states; the summary() shows every feature as its state and the
# driver's detail text, and the level and the number of compiler runs.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
r=$(meson_report "$T/b")
# buildtype=release is -O3 without -g.
sh "$S/catalog/harden-flags" CC=gcc CPPFLAGS= CFLAGS=-O3 LDFLAGS= READELF="$(command -v readelf)" >"$T/want" ||
	fail "harden-flags failed"
diff "$T/want" "$r" || fail "harden-report.txt is not the driver's report"
printf '%s\n' version level runs traits cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect >"$T/keys"
sed -n '1,12s/=.*//p' "$r" | diff "$T/keys" - || fail "the first twelve lines are not the report's keys"
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/features"
awk '$1 == "feature" { print $2 }' "$r" | diff "$T/features" - || fail "feature lines differ from the catalog"
awk '
	$1 != "feature" { next }
	NF < 5 { print "bad line: " $0; bad = 1 }
	# on: a value; a reason only for a marking row'"'"'s "not enforced".
	$3 == "on" && ($4 == "-" || ($5 != "-" && $0 !~ / not enforced: /)) { print "bad on line: " $0; bad = 1 }
	$3 != "on" && $3 != "off" && $3 != "unsupported" && $3 != "builder" { print "bad state: " $0; bad = 1 }
	($3 == "off" || $3 == "unsupported") && ($4 != "-" || $5 == "-") { print "bad line: " $0; bad = 1 }
	END { exit bad }' "$r" || fail "malformed feature lines"
want=$(awk '$1 == "feature" && $3 == "on" { printf "%s%s=%s", sep, $2, $4; sep = " " }' "$r")
[ "$(report_key "$r" enabled)" = "$want" ] || fail "enabled= is not the on features: $want"
want=$(audit_expect_want "$r")
[ -n "$want" ] || fail "no feature with an audit row is on"
[ "$(report_key "$r" audit_expect)" = "$want" ] || fail "audit_expect= is not the on features with an audit row: $want"
while read -r f; do
	entry="$(report_state "$r" "$f") $(sed -n "s/^detail $f //p" "$r")"
	awk -v f="$f" -v e="$entry" '
		{ k = $0; sub(/^ */, "", k); sub(/ *: .*/, "", k); v = substr($0, index($0, ": ") + 2) }
		k == f && v == e { found = 1 }
		END { exit !found }' "$T/b.log" || fail "summary lacks '$f: $entry'"
done <"$T/features"
grep -q "^    level  *: standard$" "$T/b.log" || fail "summary lacks the level"
grep -q "^    probe runs  *: $(report_key "$r" runs) compiler runs$" "$T/b.log" || fail "summary lacks the probe runs"
echo ok
