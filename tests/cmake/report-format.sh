#!/bin/sh
# harden-report.txt is the driver's report verbatim (catalog/README.md, "The
# report"): the same as harden-flags prints for the same inputs (CC, the
# CMAKE_C_FLAGS of the build type, the readelf), the header keys in order,
# one "feature <name> <state> <value> <reason>" line per catalog feature in
# catalog order, each followed by its flags and detail lines; and it agrees
# with HARDEN_CPPFLAGS ... HARDEN_ENABLED, HARDEN_AUDIT_EXPECT and the
# summary the configure printed.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(report C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
set(out "")
foreach(v CPPFLAGS CFLAGS EXE_CFLAGS LDFLAGS EXE_LDFLAGS LIB_LDFLAGS ENABLED AUDIT_EXPECT)
  string(TOLOWER "\${v}" k)
  string(REPLACE ";" " " l "\${HARDEN_\${v}}")
  string(APPEND out "\${k}=\${l}\n")
endforeach()
file(WRITE "\${CMAKE_BINARY_DIR}/vars.txt" "\${out}")
file(WRITE "\${CMAKE_BINARY_DIR}/inputs.txt" "\${CMAKE_C_COMPILER}\n\${CMAKE_C_FLAGS} \${CMAKE_C_FLAGS_RELEASE}\n")
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -DCMAKE_BUILD_TYPE=Release
r=$b/harden-report.txt

# The driver's own report for the same inputs.
readelf=$(sed -n 's/^CMAKE_READELF:FILEPATH=//p' "$b/CMakeCache.txt")
sh "$S/catalog/harden-flags" CC="$(sed -n 1p "$b/inputs.txt")" CPPFLAGS= CFLAGS="$(sed -n 2p "$b/inputs.txt")" \
	LDFLAGS= READELF="${readelf:-no}" >"$T/driver" || fail "harden-flags failed"
grep -v '^runs=' "$T/driver" >"$T/d"
grep -v '^runs=' "$r" >"$T/c"
cmp -s "$T/d" "$T/c" || { diff "$T/d" "$T/c"; fail "harden-report.txt is not the driver's report"; }

sed -n 1,12p "$r" | cut -d= -f1 | tr '\n' ' ' >"$T/keys"
[ "$(cat "$T/keys")" = "version level runs traits cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect " ] ||
	fail "header lines: $(cat "$T/keys")"
sed -n 5,12p "$r" >"$T/head"
cmp -s "$b/vars.txt" "$T/head" || { diff "$b/vars.txt" "$T/head"; fail "HARDEN_* differ from the report"; }
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/cat-features"
awk '$1 == "feature" { print $2 }' "$r" >"$T/rep-features"
cmp -s "$T/cat-features" "$T/rep-features" || { diff "$T/cat-features" "$T/rep-features"; fail "feature lines differ from the catalog"; }
sed -n '13,$p' "$r" | awk '
	$1 == "feature" { if (NF < 5 || $3 !~ /^(on|off|unsupported|builder)$/) bad = 1; f = $2; next }
	($1 == "flags" || $1 == "detail" || $1 == "result") && $2 == f { next }
	{ bad = 1; print }
	END { exit bad }' || fail "malformed feature lines"
# enabled= is exactly the features that are present, with their values.
on=$(awk '$1 == "feature" && ($3 == "on" || ($3 == "builder" && / present$/)) { printf "%s%s=%s", sep, $2, $4; sep = " " }' "$r")
[ "$on" = "$(report_key "$r" enabled)" ] || fail "enabled= ($(report_key "$r" enabled)) is not the present features ($on)"
[ -n "$on" ] || fail "nothing on with gcc"
# Every feature appears in the summary with its state and detail.
while read -r _ name detail; do
	st=$(report_state "$r" "$name")
	grep -qxF -- "--   $name - $st: $detail" "$b.configure.log" || fail "summary lacks '$name - $st: $detail'"
done <<EOT
$(grep '^detail ' "$r")
EOT
exit 0
