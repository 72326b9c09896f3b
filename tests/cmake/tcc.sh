#!/bin/sh
# CC=tcc accepts nearly every flag and applies none: the example configures,
# every feature is reported unsupported (or off), nothing is claimed (empty
# flag lists, enabled= and audit_expect=), the unhardened build still works,
# and the example's audit test, with nothing to expect, runs harden-audit
# (built by tcc) without --expect and passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need tcc ninja readelf ctest

b=$T/build
CC=tcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q 'CMAKE_C_COMPILER:FILEPATH=.*tcc' "$b/CMakeCache.txt" || fail "not configured with tcc"
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	[ -z "$(report_key "$b/harden-report.txt" $k)" ] || fail "tcc claims $k=$(report_key "$b/harden-report.txt" $k)"
done
grep -q '^feature [^ ]* on ' "$b/harden-report.txt" && fail "a feature is on with tcc"
report_expect "$b/harden-report.txt" stack-protector "unsupported -"
report_expect "$b/harden-report.txt" pie "unsupported -"
report_expect "$b/harden-report.txt" relro "unsupported -"
report_expect "$b/harden-report.txt" format-security "unsupported -"
grep -q 'stack-protector - unsupported: no __stack_chk_fail.* in the probe' "$b.configure.log" ||
	fail "no summary line with the reason"
cmake_build "$b"
elf_has_canary "$b/tally" && fail "a canary appeared"
[ "$(printf 'a b\n' | LD_LIBRARY_PATH=$b "$b/tally")" = "      1       2       4 -" ] || fail "the tcc-built tally does not run"
run "$T/audit.log" ctest --test-dir "$b" -R '^tally-audit$' -V
grep -q "Test command: $b/harden-tools/harden-audit \"$b/tally\" \"$b/libtally.so.1.0.0\"\$" "$T/audit.log" ||
	fail "not harden-audit without --expect: $(grep 'Test command' "$T/audit.log")"
grep -q '100% tests passed, 0 tests failed out of 1$' "$T/audit.log" || fail "tally-audit did not pass"
grep -q "^2: shared .*$b/libtally.so.1.0.0\$" "$T/audit.log" || fail "harden-audit printed no report line for libtally"
exit 0
