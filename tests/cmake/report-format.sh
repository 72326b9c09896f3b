#!/bin/sh
# harden-report.txt has exactly the five flag lines, enabled=, audit_expect=
# and one "feature <name> <state> <value> <reason>" line per catalog feature
# in catalog order, and it agrees with HARDEN_CPPFLAGS ... HARDEN_ENABLED,
# HARDEN_AUDIT_EXPECT and the summary the configure printed.
. "$(dirname "$0")/helpers"

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(report C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
set(out "")
foreach(v CPPFLAGS CFLAGS EXE_CFLAGS LDFLAGS EXE_LDFLAGS ENABLED AUDIT_EXPECT)
  string(TOLOWER "\${v}" k)
  string(REPLACE ";" " " l "\${HARDEN_\${v}}")
  string(APPEND out "\${k}=\${l}\n")
endforeach()
file(WRITE "\${CMAKE_BINARY_DIR}/vars.txt" "\${out}")
EOT
b=$T/build
CC=gcc configure "$b" "$p" -DCMAKE_BUILD_TYPE=Release
r=$b/harden-report.txt
sed -n 1,7p "$r" | cut -d= -f1 | tr '\n' ' ' >"$T/keys"
[ "$(cat "$T/keys")" = "cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect " ] || fail "header lines: $(cat "$T/keys")"
sed -n 1,7p "$r" >"$T/head"
cmp -s "$b/vars.txt" "$T/head" || { diff "$b/vars.txt" "$T/head"; fail "HARDEN_* differ from the report"; }
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/cat-features"
sed -n '8,$p' "$r" | awk '{ print $2 }' >"$T/rep-features"
cmp -s "$T/cat-features" "$T/rep-features" || { diff "$T/cat-features" "$T/rep-features"; fail "feature lines differ from the catalog"; }
sed -n '8,$p' "$r" | awk '$1 != "feature" || NF < 5 || ($3 != "on" && $3 != "off" && $3 != "unsupported") { bad = 1; print } END { exit bad }' ||
	fail "malformed feature lines"
# enabled= is exactly the features that are on, with their values.
on=$(awk '$1 == "feature" && $3 == "on" { printf "%s%s=%s", sep, $2, $4; sep = " " }' "$r")
[ "$on" = "$(report "$b" enabled)" ] || fail "enabled= ($(report "$b" enabled)) is not the on features ($on)"
[ -n "$on" ] || fail "nothing on with gcc"
# Every feature appears in the summary with the same state.
while read -r _ name st _; do
	grep -q -- "-- *$name - $st" "$b.configure.log" || fail "summary lacks '$name - $st'"
done <<EOT
$(sed -n '8,$p' "$r")
EOT
exit 0
