#!/bin/sh
# HARDEN_AUDIT_EXPECT (and audit_expect= in the report) is exactly the
# features that are present and have an audit row in the catalog, in
# catalog order, joined with commas: with gcc's default results (the
# contract's example on x86_64), with features turned off, with
# fortify-source unsupported (Debug), at the strict level (no strict feature
# has an audit row), at level none (empty), and again from the cache on a
# reconfigure.
# The audit rows decide, not a list in the module: a catalog (via
# HARDEN_CATALOG_DIR) without "audit relro" drops relro, one that adds
# "audit stack-clash-protection" adds it in catalog order, and an audit row
# naming no feature is a configure error that names the row.  (One build
# tree, reconfigured for each case.)
# On the first configure (gcc, Release), the report itself:
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
project(expect C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
file(WRITE "\${CMAKE_BINARY_DIR}/expect.txt" "\${HARDEN_AUDIT_EXPECT}\n")
set(out "")
foreach(v CPPFLAGS CFLAGS EXE_CFLAGS LDFLAGS EXE_LDFLAGS LIB_LDFLAGS ENABLED AUDIT_EXPECT)
  string(TOLOWER "\${v}" k)
  string(REPLACE ";" " " l "\${HARDEN_\${v}}")
  string(APPEND out "\${k}=\${l}\n")
endforeach()
file(WRITE "\${CMAKE_BINARY_DIR}/vars.txt" "\${out}")
file(WRITE "\${CMAKE_BINARY_DIR}/inputs.txt" "\${CMAKE_C_COMPILER}\n\${CMAKE_C_FLAGS} \${CMAKE_C_FLAGS_RELEASE}\n")
EOT

# check BUILD: the variable, the cache entry and the report agree with
# audit_expect_want; prints the value.
check() {
	want=$(audit_expect_want "$1/harden-report.txt")
	got=$(cat "$1/expect.txt")
	[ "$got" = "$want" ] || fail "$1: HARDEN_AUDIT_EXPECT='$got', want '$want'"
	[ "$(report_key "$1/harden-report.txt" audit_expect)" = "$want" ] ||
		fail "$1: audit_expect='$(report_key "$1/harden-report.txt" audit_expect)', want '$want'"
	grep -qx "HARDEN_AUDIT_EXPECT:INTERNAL=$want" "$1/CMakeCache.txt" || fail "$1: no cache entry HARDEN_AUDIT_EXPECT=$want"
	echo "$want"
}

# The audit rows name real features (else the test below proves little).
n=$(awk '$1 == "audit"' "$S/catalog/features.txt" | wc -l)
[ "$n" -ge 4 ] || fail "only $n audit rows in the catalog"

CC=gcc cmake_configure "$T/std" "$p" -DCMAKE_BUILD_TYPE=Release
r=$T/std/harden-report.txt

# The driver's own report for the same inputs.
readelf=$(sed -n 's/^CMAKE_READELF:FILEPATH=//p' "$T/std/CMakeCache.txt")
sh "$S/catalog/harden-flags" CC="$(sed -n 1p "$T/std/inputs.txt")" CPPFLAGS= CFLAGS="$(sed -n 2p "$T/std/inputs.txt")" \
	LDFLAGS= READELF="${readelf:-no}" >"$T/driver" || fail "harden-flags failed"
grep -v '^runs=' "$T/driver" >"$T/d"
grep -v '^runs=' "$r" >"$T/c"
cmp -s "$T/d" "$T/c" || { diff "$T/d" "$T/c"; fail "harden-report.txt is not the driver's report"; }

sed -n 1,12p "$r" | cut -d= -f1 | tr '\n' ' ' >"$T/keys"
[ "$(cat "$T/keys")" = "version level runs traits cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect " ] ||
	fail "header lines: $(cat "$T/keys")"
sed -n 5,12p "$r" >"$T/head"
cmp -s "$T/std/vars.txt" "$T/head" || { diff "$T/std/vars.txt" "$T/head"; fail "HARDEN_* differ from the report"; }
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
	grep -qxF -- "--   $name - $st: $detail" "$T/std.configure.log" || fail "summary lacks '$name - $st: $detail'"
done <<EOT
$(grep '^detail ' "$r")
EOT

# audit_expect.
v=$(check "$T/std") || { echo "$v"; exit 1; }
[ -n "$v" ] || fail "empty audit_expect with gcc"
# Features on without an audit row are not expected.
for f in stack-clash-protection format-security; do
	report_expect "$T/std/harden-report.txt" $f "on yes"
	case ",$v," in *",$f,"*) fail "$f expected: $v" ;; esac
done
if [ "$(uname -m)" = x86_64 ]; then
	[ "$v" = stack-protector,fortify-source,pie,relro,bind-now,noexecstack ] || fail "gcc on x86_64: $v"
fi
# Cached results give the same value.
cmake_configure "$T/std" "$p"
grep -q '(cached)' "$T/std.configure.log" || fail "the reconfigure did not use the cache"
[ "$(check "$T/std")" = "$v" ] || fail "the reconfigure changed audit_expect"
std=$v

cmake_configure "$T/std" "$p" -DHARDENING=strict
v=$(check "$T/std") || { echo "$v"; exit 1; }
[ "$v" = "$std" ] || fail "strict: $v, standard: $std"

cmake_configure "$T/std" "$p" -DHARDENING=none
v=$(check "$T/std") || { echo "$v"; exit 1; }
[ -z "$v" ] || fail "level none: audit_expect=$v"
grep -qx 'audit_expect=' "$T/std/harden-report.txt" || fail "level none: no empty audit_expect= line"

# Features off and fortify-source unsupported.
cmake_configure "$T/std" "$p" -DHARDENING=standard -DCMAKE_BUILD_TYPE=Debug -DHARDENING_PIE=OFF -DHARDENING_STACK_PROTECTOR=OFF
report_expect "$T/std/harden-report.txt" fortify-source "unsupported -"
v=$(check "$T/std") || { echo "$v"; exit 1; }
case ",$v," in *,pie,*|*,stack-protector,*) fail "off features expected: $v" ;; esac
case ",$v," in *,fortify-source,*) fail "unsupported fortify-source expected: $v" ;; esac
case ",$v," in *,relro,*) ;; *) fail "relro missing: $v" ;; esac

# Edited copies of the catalog.
cat_copy() {	# cat_copy DIR SED-SCRIPT
	mkdir -p "$1" && cp "$S/catalog/probe.c" "$S/catalog/traits.c" "$S/catalog/harden-flags" "$1/" &&
		sed "$2" "$S/catalog/features.txt" >"$1/features.txt" || fail "cannot copy the catalog"
	cmp -s "$1/features.txt" "$S/catalog/features.txt" && fail "sed '$2' changed nothing"
	return 0
}
# Without "audit relro" and with "audit stack-clash-protection" (one copy).
cat_copy "$T/cat1" '/^audit *relro$/d
/^value *stack-clash-protection /a\
audit stack-clash-protection'
cmake_configure "$T/std" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDENING_PIE=AUTO -DHARDENING_STACK_PROTECTOR=AUTO \
	-DHARDEN_CATALOG_DIR="$T/cat1"
report_expect "$T/std/harden-report.txt" relro "on yes"
report_expect "$T/std/harden-report.txt" stack-clash-protection "on yes"
[ "$(cat "$T/std/expect.txt")" = "$(echo "$std" | sed 's/,relro,/,/; s/fortify-source,/&stack-clash-protection,/')" ] ||
	fail "without audit relro, with audit stack-clash-protection: $(cat "$T/std/expect.txt")"
cat_copy "$T/cat3" '$a\
audit no-such-feature'
if cmake -S "$p" -B "$T/std" -DHARDEN_CATALOG_DIR="$T/cat3" >"$T/c3.log" 2>&1; then
	fail "an audit row naming no feature was accepted"
fi
grep -q 'features.txt: row not under its feature: audit no-such-feature' "$T/c3.log" || { tail "$T/c3.log"; fail "no error naming the bad line"; }
exit 0
