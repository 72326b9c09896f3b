#!/bin/sh
# The configure output names each feature of the catalog on one line, its
# final state ("--   NAME - STATE: DETAIL"), never also alone before it
# (message(CHECK_START) per feature printed "--   NAME" first); the
# overall step keeps its start and end lines.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc

b=$T/build
CC=gcc cmake_configure "$b" "$S/examples/cmake" -DCMAKE_BUILD_TYPE=Release
log=$b.configure.log
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/features"
[ -s "$T/features" ] || fail "no feature in the catalog"
while read -r f; do
	n=$(grep -c -- "^--   $f\\( \\|\$\\)" "$log")
	[ "$n" = 1 ] || { grep -- "^--   $f\\( \\|\$\\)" "$log"; fail "$f: $n summary lines, not 1"; }
	grep -q -- "^--   $f - $(report_state "$b/harden-report.txt" "$f"): " "$log" ||
		fail "$f: its line lacks its state"
done <"$T/features"
grep -qx -- '-- Hardening C (level standard)' "$log" || fail "no start line of the summary"
grep -q -- '^-- Hardening C (level standard) - [0-9]* features present$' "$log" ||
	fail "no end line of the summary"
exit 0
