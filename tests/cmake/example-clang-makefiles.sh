#!/bin/sh
# The example built with clang and Unix Makefiles in Release: same ELF
# properties as with gcc, library without -pie, ctest passes, the audit test
# included (with the run's harden-audit: the module's own build of it is
# example-gcc-ninja's subject).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
EXAMPLE=$S/examples/cmake
need clang readelf ctest
audit_tool

b=$T/build
CC=clang cmake_configure "$b" "$EXAMPLE" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DHARDEN_AUDIT="$AUDIT"
grep -q 'CMAKE_C_COMPILER_ID:.*Clang\|CMAKE_C_COMPILER:FILEPATH=.*clang' "$b/CMakeCache.txt" || fail "not configured with clang"
cmake_build "$b"
assert_hardened_program "$b/tally"
assert_hardened_library "$b/libtally.so"
grep -- '-shared' "$b.build.log" | grep -q -- ' -pie' && fail "-pie on the shared library's link line"
grep -- '-o tally ' "$b.build.log" | grep -q -- ' -pie' || fail "no -pie on the program's link line"

run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
grep -q '100% tests passed, 0 tests failed out of 2' "$T/ctest.log" || fail "ctest did not pass both tests"
cmake_audit_test_passes "$b" tally-audit
grep -q "Test command: $AUDIT .* \"$b/tally\" \"$b/libtally.so.1.0.0\"\$" "$b.tally-audit.log" ||
	fail "tally-audit does not audit tally and libtally: $(grep 'Test command' "$b.tally-audit.log")"
