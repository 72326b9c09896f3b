#!/bin/sh
# A project that sets HARDEN_DEFAULT_LEVEL=strict before include(Harden) gets
# the strict features (gcc 12: auto-var-init, zero-call-used-regs, wrapv,
# no-delete-null-pointer-checks, no-strict-aliasing on; strict-flex-arrays
# needs gcc 13) on its objects; -DHARDENING=standard on the command line wins.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(strict C)
set(HARDEN_DEFAULT_LEVEL strict)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(app "$S/examples/autotools/src/main.c" "$S/examples/autotools/src/tally.c")
target_include_directories(app PRIVATE "$S/examples/autotools/src")
target_link_libraries(app PRIVATE Harden::Harden)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q '^HARDENING:STRING=strict$' "$b/CMakeCache.txt" || fail "HARDENING is not strict"
report_expect "$b/harden-report.txt" auto-var-init "on zero"
report_expect "$b/harden-report.txt" zero-call-used-regs "on used-gpr"
report_expect "$b/harden-report.txt" wrapv "on yes"
report_expect "$b/harden-report.txt" no-delete-null-pointer-checks "on yes"
report_expect "$b/harden-report.txt" no-strict-aliasing "on yes"
report_expect "$b/harden-report.txt" strict-flex-arrays "unsupported -"
cmake_build "$b"
grep -- '-o .*main.c.o' "$b.build.log" | grep -q -- '-ftrivial-auto-var-init=zero' || fail "no -ftrivial-auto-var-init=zero on the compile line"

b2=$T/build2
CC=gcc cmake_configure "$b2" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=standard
report_expect "$b2/harden-report.txt" auto-var-init "off -"
case $(report_key "$b2/harden-report.txt" cflags) in
*trivial-auto-var-init*) fail "strict flag at the standard level" ;;
esac
exit 0
