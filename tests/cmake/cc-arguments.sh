#!/bin/sh
# Arguments carried by CC reach the probes (CMAKE_C_COMPILER_ARG1): with
# CC="gcc -O2" and no build type or CMAKE_C_FLAGS, only the -O2 in CC makes
# fortify-source possible; it must be on and show in the program.
. "$(dirname "$0")/helpers"

b=$T/build
CC="gcc -O2" configure "$b" "$EXAMPLE" -G Ninja
grep -q '^CMAKE_C_COMPILER_ARG1.*-O2' "$b/CMakeCache.txt" || fail "CMake did not keep -O2 as compiler argument"
grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$b/CMakeCache.txt" || fail "a build type is set"
expect_state "$b" fortify-source "on 3"
build "$b"
has_fortify "$b/tally" || fail "no fortified calls"

# Control: without the argument there is no optimisation, so no fortify.
c=$T/control
CC=gcc configure "$c" "$EXAMPLE" -G Ninja
expect_state "$c" fortify-source "unsupported -"
exit 0
