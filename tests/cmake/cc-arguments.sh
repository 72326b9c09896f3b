#!/bin/sh
# Arguments carried by CC reach the probes (CMAKE_C_COMPILER_ARG1): with
# CC="gcc -O2" and no build type or CMAKE_C_FLAGS, only the -O2 in CC makes
# fortify-source possible; it must be on and show in the program.  (Without
# the argument there is no optimisation, so no fortify: the first configure
# of reconfigure-cflags.sh.)
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC="gcc -O2" cmake_configure "$b" "$EXAMPLE" -G Ninja -DBUILD_TESTING=OFF
grep -q '^CMAKE_C_COMPILER_ARG1.*-O2' "$b/CMakeCache.txt" || fail "CMake did not keep -O2 as compiler argument"
grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$b/CMakeCache.txt" || fail "a build type is set"
report_expect "$b/harden-report.txt" fortify-source "on 3"
cmake_build "$b"
elf_has_chk "$b/tally" || fail "no fortified calls"
exit 0
