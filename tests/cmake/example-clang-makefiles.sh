#!/bin/sh
# The example built with clang and Unix Makefiles in Release: same ELF
# properties as with gcc, library without -pie, ctest passes.
. "$(dirname "$0")/helpers"

b=$T/build
CC=clang configure "$b" "$EXAMPLE" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release
grep -q 'CMAKE_C_COMPILER_ID:.*Clang\|CMAKE_C_COMPILER:FILEPATH=.*clang' "$b/CMakeCache.txt" || fail "not configured with clang"
build "$b"
assert_hardened_program "$b/tally"
assert_hardened_library "$b/libtally.so"
grep -- '-shared' "$b.build.log" | grep -q -- ' -pie' && fail "-pie on the shared library's link line"
grep -- '-o tally ' "$b.build.log" | grep -q -- ' -pie' || fail "no -pie on the program's link line"

run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
grep -q '100% tests passed' "$T/ctest.log" || fail "ctest did not pass"
