#!/bin/sh
# Switching the compiler of a configured tree (gcc -> clang 14) re-runs the
# probes and the results follow the new compiler: zero-call-used-regs, on
# with gcc 12, is unsupported with clang 14, and the program rebuilt with
# clang does not get -fzero-call-used-regs.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang ninja

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(cc C)
set(HARDEN_DEFAULT_LEVEL strict)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja
report_expect "$b/harden-report.txt" zero-call-used-regs "on used-gpr"
run "$T/re.log" cmake "$b" -DCMAKE_C_COMPILER=clang
grep -q 'CMAKE_C_COMPILER:.*=.*clang' "$b/CMakeCache.txt" || fail "the compiler did not change"
grep -q 'Probing hardening flags' "$T/re.log" || fail "probes did not re-run"
report_expect "$b/harden-report.txt" zero-call-used-regs "unsupported -"
cmake_build "$b"
grep -q -- '-fzero-call-used-regs' "$b.build.log" && fail "gcc's flag reached the clang build"
exit 0
