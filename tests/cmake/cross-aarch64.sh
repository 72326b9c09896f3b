#!/bin/sh
# Cross-compiling for aarch64 with a toolchain file (when the cross compiler
# is installed): the target's readelf is used, branch-protection is on,
# cf-protection is unsupported (x86 only), and the aarch64 program is PIE
# with canary and full RELRO.
. "$(dirname "$0")/helpers"

command -v aarch64-linux-gnu-gcc >/dev/null || { echo "SKIP: aarch64-linux-gnu-gcc not installed"; exit 77; }
cat >"$T/aarch64.cmake" <<EOT
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
EOT
b=$T/build
configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$T/aarch64.cmake" -DBUILD_TESTING=OFF
grep -q '^CMAKE_READELF:FILEPATH=.*aarch64-linux-gnu-readelf$' "$b/CMakeCache.txt" || fail "not the target's readelf"
expect_state "$b" branch-protection "on standard"
expect_state "$b" cf-protection "unsupported -"
grep -q '^feature cf-protection unsupported - x86 only, target is aarch64$' "$b/harden-report.txt" || fail "cf-protection reason"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(state "$b" $f | cut -d' ' -f1)" = on ] || fail "$f not on for aarch64"
done
build "$b"
readelf -h "$b/tally" | grep -q AArch64 || fail "not an aarch64 program"
is_pie "$b/tally" || fail "not PIE"
has_canary "$b/tally" || fail "no canary"
has_relro "$b/tally" || fail "no GNU_RELRO"
has_bind_now "$b/tally" || fail "no BIND_NOW"
assert_library_not_pie "$b/libtally.so"
exit 0
