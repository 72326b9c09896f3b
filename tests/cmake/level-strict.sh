#!/bin/sh
# A project that sets HARDEN_DEFAULT_LEVEL=strict before include(Harden) gets
# the strict features (gcc 12: auto-var-init, zero-call-used-regs, wrapv,
# no-delete-null-pointer-checks, no-strict-aliasing on; strict-flex-arrays
# needs gcc 13) on its objects; -DHARDENING=standard on the command line
# wins.  Switching the compiler of the configured tree (gcc -> clang 14)
# re-runs the probes and the results follow the new compiler:
# zero-call-used-regs, on with gcc 12, is unsupported with clang 14, and
# the program's compile commands with clang do not get
# -fzero-call-used-regs.  (The compile lines are those of
# compile_commands.json: what the build would run.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang ninja

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(strict C)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
set(HARDEN_DEFAULT_LEVEL strict)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(app "$S/examples/autotools/src/main.c" "$S/examples/autotools/src/tally.c")
target_include_directories(app PRIVATE "$S/examples/autotools/src")
target_link_libraries(app PRIVATE Harden::Harden)
EOT
# main_c BUILD: the compile command of main.c.
main_c() {
	grep '"command":.*main\.c' "$1/compile_commands.json" >"$1.main" || fail "no compile command of main.c in $1"
	cat "$1.main"
}
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q '^HARDENING:STRING=strict$' "$b/CMakeCache.txt" || fail "HARDENING is not strict"
report_expect "$b/harden-report.txt" auto-var-init "on zero"
report_expect "$b/harden-report.txt" zero-call-used-regs "on used-gpr"
report_expect "$b/harden-report.txt" wrapv "on yes"
report_expect "$b/harden-report.txt" no-delete-null-pointer-checks "on yes"
report_expect "$b/harden-report.txt" no-strict-aliasing "on yes"
report_expect "$b/harden-report.txt" strict-flex-arrays "unsupported -"
main_c "$b" | grep -q -- ' -ftrivial-auto-var-init=zero ' || fail "no -ftrivial-auto-var-init=zero on the compile line: $(cat "$b.main")"
main_c "$b" | grep -q -- ' -fzero-call-used-regs=used-gpr ' || fail "no -fzero-call-used-regs=used-gpr on the gcc compile line: $(cat "$b.main")"

rm "$b/compile_commands.json"
run "$T/re.log" cmake "$b" -DCMAKE_C_COMPILER=clang
grep -q 'CMAKE_C_COMPILER:.*=.*clang' "$b/CMakeCache.txt" || fail "the compiler did not change"
grep -q 'Probing hardening flags' "$T/re.log" || fail "probes did not re-run"
report_expect "$b/harden-report.txt" zero-call-used-regs "unsupported -"
main_c "$b" | grep -q 'clang' || fail "the compile command is not clang's: $(cat "$b.main")"
grep -q -- '-fzero-call-used-regs' "$b/compile_commands.json" && fail "gcc's flag reached the clang build"

b2=$T/build2
CC=gcc cmake_configure "$b2" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=standard
report_expect "$b2/harden-report.txt" auto-var-init "off -"
case $(report_key "$b2/harden-report.txt" cflags) in
*trivial-auto-var-init*) fail "strict flag at the standard level" ;;
esac
exit 0
