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
# naming no feature is a configure error that names the row.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(expect C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
file(WRITE "\${CMAKE_BINARY_DIR}/expect.txt" "\${HARDEN_AUDIT_EXPECT}\n")
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

CC=gcc cmake_configure "$T/off" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDENING_PIE=OFF -DHARDENING_STACK_PROTECTOR=OFF
v=$(check "$T/off") || { echo "$v"; exit 1; }
case ",$v," in *,pie,*|*,stack-protector,*) fail "off features expected: $v" ;; esac
case ",$v," in *,relro,*) ;; *) fail "relro missing: $v" ;; esac

CC=gcc cmake_configure "$T/debug" "$p" -DCMAKE_BUILD_TYPE=Debug
report_expect "$T/debug/harden-report.txt" fortify-source "unsupported -"
v=$(check "$T/debug") || { echo "$v"; exit 1; }
case ",$v," in *,fortify-source,*) fail "unsupported fortify-source expected: $v" ;; esac
case ",$v," in *,stack-protector,*) ;; *) fail "stack-protector missing: $v" ;; esac

CC=gcc cmake_configure "$T/strict" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDENING=strict
v=$(check "$T/strict") || { echo "$v"; exit 1; }
[ "$v" = "$(cat "$T/std/expect.txt")" ] || fail "strict: $v, standard: $(cat "$T/std/expect.txt")"

CC=gcc cmake_configure "$T/none" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDENING=none
v=$(check "$T/none") || { echo "$v"; exit 1; }
[ -z "$v" ] || fail "level none: audit_expect=$v"
grep -qx 'audit_expect=' "$T/none/harden-report.txt" || fail "level none: no empty audit_expect= line"

# Edited copies of the catalog.
cat_copy() {	# cat_copy DIR SED-SCRIPT
	mkdir -p "$1" && cp "$S/catalog/probe.c" "$S/catalog/traits.c" "$S/catalog/harden-flags" "$1/" &&
		sed "$2" "$S/catalog/features.txt" >"$1/features.txt" || fail "cannot copy the catalog"
	cmp -s "$1/features.txt" "$S/catalog/features.txt" && fail "sed '$2' changed nothing"
	return 0
}
std=$(cat "$T/std/expect.txt")
cat_copy "$T/cat1" '/^audit *relro$/d'
CC=gcc cmake_configure "$T/c1" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDEN_CATALOG_DIR="$T/cat1"
report_expect "$T/c1/harden-report.txt" relro "on yes"
[ "$(cat "$T/c1/expect.txt")" = "$(echo "$std" | sed 's/,relro,/,/')" ] || fail "without audit relro: $(cat "$T/c1/expect.txt")"
cat_copy "$T/cat2" '/^value *stack-clash-protection /a\
audit stack-clash-protection'
CC=gcc cmake_configure "$T/c2" "$p" -DCMAKE_BUILD_TYPE=Release -DHARDEN_CATALOG_DIR="$T/cat2"
report_expect "$T/c2/harden-report.txt" stack-clash-protection "on yes"
[ "$(cat "$T/c2/expect.txt")" = "$(echo "$std" | sed 's/fortify-source,/&stack-clash-protection,/')" ] ||
	fail "with audit stack-clash-protection: $(cat "$T/c2/expect.txt")"
cat_copy "$T/cat3" '$a\
audit no-such-feature'
if CC=gcc cmake -S "$p" -B "$T/c3" -DHARDEN_CATALOG_DIR="$T/cat3" >"$T/c3.log" 2>&1; then
	fail "an audit row naming no feature was accepted"
fi
grep -q 'features.txt: row not under its feature: audit no-such-feature' "$T/c3.log" || { tail "$T/c3.log"; fail "no error naming the bad line"; }
exit 0
