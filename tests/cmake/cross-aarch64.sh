#!/bin/sh
# Cross-compiling for aarch64 with a toolchain file (when the cross compiler
# is installed): the target's readelf is used, branch-protection is on,
# cf-protection is unsupported (x86 only), and the aarch64 program is PIE
# with canary and full RELRO.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need ninja readelf

have aarch64-linux-gnu-gcc || skip "aarch64-linux-gnu-gcc not installed"
cat >"$T/aarch64.cmake" <<EOT
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
EOT
b=$T/build
cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$T/aarch64.cmake" -DBUILD_TESTING=OFF
grep -q '^CMAKE_READELF:FILEPATH=.*aarch64-linux-gnu-readelf$' "$b/CMakeCache.txt" || fail "not the target's readelf"
report_expect "$b/harden-report.txt" branch-protection "on standard"
report_expect "$b/harden-report.txt" cf-protection "unsupported -"
grep -q '^feature cf-protection unsupported - x86 only (target is aarch64)$' "$b/harden-report.txt" || fail "cf-protection reason"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(report_state "$b/harden-report.txt" $f)" = on ] || fail "$f not on for aarch64"
done
cmake_build "$b"
readelf -h "$b/tally" | grep -q AArch64 || fail "not an aarch64 program"
elf_is_pie "$b/tally" || fail "not PIE"
elf_has_canary "$b/tally" || fail "no canary"
elf_has_relro "$b/tally" || fail "no GNU_RELRO"
elf_has_now "$b/tally" || fail "no BIND_NOW"
assert_library_not_pie "$b/libtally.so"
exit 0
