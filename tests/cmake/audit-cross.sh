#!/bin/sh
# Cross-compiling (aarch64, when the cross compiler is installed): a
# harden-audit built for the target could not run on the build machine, so
# the module does not build one.  Without a harden-audit program the audit
# test is still added, says why, and ctest reports it as skipped; with
# -DHARDEN_AUDIT=<a build-machine harden-audit> it audits the aarch64
# program and library against audit_expect and passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf ctest make

have aarch64-linux-gnu-gcc || skip "aarch64-linux-gnu-gcc not installed"
cat >"$T/aarch64.cmake" <<EOT
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
EOT

b=$T/skip
cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$T/aarch64.cmake"
[ -n "$(report_key "$b/harden-report.txt" audit_expect)" ] || fail "empty audit_expect for aarch64"
if command -v harden-audit >/dev/null; then
	# One on PATH: find_program takes it.
	grep -qx "HARDEN_AUDIT:FILEPATH=$(command -v harden-audit)" "$b/CMakeCache.txt" || fail "harden-audit on PATH not found"
else
	grep -q 'audit test tally-audit will be skipped: cross-compiling and no harden-audit program found' "$b.configure.log" ||
		fail "no configure message about the skipped audit"
	build "$b"
	[ -e "$b/harden-tools" ] && fail "a harden-audit was built for the target"
	grep -q 'harden-audit\.c' "$b.build.log" && fail "harden-audit.c was compiled for the target"
	run "$T/skip.log" ctest --test-dir "$b" -R '^tally-audit$' -V
	grep -q 'tally-audit .*Skipped' "$T/skip.log" || { cat "$T/skip.log"; fail "tally-audit not reported as skipped"; }
	grep -q 'harden-audit skipped: cross-compiling' "$T/skip.log" || fail "the skipped test does not say why"
fi

# A build-machine harden-audit, given explicitly.
run "$T/make.log" make -C "$S/tools" O="$T/tool" CC=gcc "$T/tool/harden-audit"
b=$T/given
cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$T/aarch64.cmake" \
	-DHARDEN_AUDIT="$T/tool/harden-audit"
cmake_build "$b"
readelf -h "$b/tally" | grep -q AArch64 || fail "not an aarch64 program"
cmake_audit_test_passes "$b" tally-audit
grep -q "Test command: $T/tool/harden-audit \"--expect\" \".*\" \"$b/tally\" \"$b/libtally.so.1.0.0\"\$" "$b.tally-audit.log" ||
	fail "not the given harden-audit on tally and libtally: $(grep 'Test command' "$b.tally-audit.log")"
exit 0
