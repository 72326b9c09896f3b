#!/bin/sh
# Changing CMAKE_C_FLAGS re-runs the probes: with no build type and no flags
# there is no optimisation, so fortify-source is unsupported; with -O2 it is
# on; reconfiguring the same tree with "-O2 -O0" turns it unsupported and
# the rebuilt program loses its fortified calls; back to -O2 brings them
# back.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DBUILD_TESTING=OFF
grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$b/CMakeCache.txt" || fail "a build type is set"
report_expect "$b/harden-report.txt" fortify-source "unsupported -"

run "$T/re0.log" cmake "$b" -DCMAKE_C_FLAGS=-O2
grep -q 'Probing hardening flags' "$T/re0.log" || fail "probes did not re-run after the CMAKE_C_FLAGS change"
report_expect "$b/harden-report.txt" fortify-source "on 3"
cmake_build "$b"
elf_has_chk "$b/tally" || fail "-O2: no fortified calls"

run "$T/re1.log" cmake "$b" "-DCMAKE_C_FLAGS=-O2 -O0"
grep -q 'Probing hardening flags' "$T/re1.log" || fail "probes did not re-run after the CMAKE_C_FLAGS change"
report_expect "$b/harden-report.txt" fortify-source "unsupported -"
grep -q 'fortify-source - unsupported: needs optimisation' "$T/re1.log" || fail "no reason in the summary"
cmake_build "$b"
elf_has_chk "$b/tally" && fail "-O0: fortified calls remain"

run "$T/re2.log" cmake "$b" "-DCMAKE_C_FLAGS=-O2"
report_expect "$b/harden-report.txt" fortify-source "on 3"
cmake_build "$b"
elf_has_chk "$b/tally" || fail "back to -O2: no fortified calls"
exit 0
