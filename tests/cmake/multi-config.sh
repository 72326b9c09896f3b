#!/bin/sh
# Ninja Multi-Config: the probes use the first configuration type
# (Release here, so fortify-source is on), the Release program is hardened,
# PIE included, and the audit test of the Release configuration passes with
# the harden-audit of that configuration.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G "Ninja Multi-Config" "-DCMAKE_CONFIGURATION_TYPES=Release;Debug"
report_expect "$b/harden-report.txt" fortify-source "on 3"
run "$b.build.log" cmake --build "$b" --config Release -v
assert_hardened_program "$b/Release/tally"
assert_hardened_library "$b/Release/libtally.so"
cmake_audit_test_passes "$b" tally-audit -C Release
grep -q "Test command: $b/harden-tools/Release/harden-audit .* \"$b/Release/tally\" \"$b/Release/libtally.so.1.0.0\"\$" "$b.tally-audit.log" ||
	fail "not the Release files: $(grep 'Test command' "$b.tally-audit.log")"
exit 0
