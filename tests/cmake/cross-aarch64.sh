#!/bin/sh
# Cross-compiling for aarch64 with a toolchain file (when the cross compiler
# is installed): the target's readelf is used, branch-protection is on,
# cf-protection is unsupported (x86 only), and the aarch64 program is PIE
# with canary and full RELRO.  A harden-audit built for the target could
# not run on the build machine, so the module builds none: without a
# harden-audit program the audit test is still added, says why, and ctest
# reports it as skipped; with -DHARDEN_AUDIT=<a build-machine harden-audit>
# it audits the aarch64 program and library against audit_expect and
# passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
EXAMPLE=$S/examples/cmake
need ninja readelf ctest make

have aarch64-linux-gnu-gcc || skip "aarch64-linux-gnu-gcc not installed"
cat >"$T/aarch64.cmake" <<EOT
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
EOT
b=$T/build
cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$T/aarch64.cmake"
grep -q '^CMAKE_READELF:FILEPATH=.*aarch64-linux-gnu-readelf$' "$b/CMakeCache.txt" || fail "not the target's readelf"
report_expect "$b/harden-report.txt" branch-protection "on standard"
report_expect "$b/harden-report.txt" cf-protection "unsupported -"
grep -q '^feature cf-protection unsupported - x86 only (target is aarch64)$' "$b/harden-report.txt" || fail "cf-protection reason"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(report_state "$b/harden-report.txt" $f)" = on ] || fail "$f not on for aarch64"
done
[ -n "$(report_key "$b/harden-report.txt" audit_expect)" ] || fail "empty audit_expect for aarch64"

# No harden-audit program: the audit test is skipped, none is built (the
# build files would compile harden-audit.c: they do not name it).
if command -v harden-audit >/dev/null; then
	# One on PATH: find_program takes it.
	grep -qx "HARDEN_AUDIT:FILEPATH=$(command -v harden-audit)" "$b/CMakeCache.txt" || fail "harden-audit on PATH not found"
else
	grep -q 'audit test tally-audit will be skipped: cross-compiling and no harden-audit program found' "$b.configure.log" ||
		fail "no configure message about the skipped audit"
	grep -q 'tally\.c' "$b/build.ninja" || fail "no build rule for tally.c in $b/build.ninja"
	grep -q -e 'harden-audit\.c' -e 'harden-tools' "$b/build.ninja" && fail "a harden-audit would be built for the target"
	run "$T/skip.log" ctest --test-dir "$b" -R '^tally-audit$' -V
	grep -q 'tally-audit .*Skipped' "$T/skip.log" || { cat "$T/skip.log"; fail "tally-audit not reported as skipped"; }
	grep -q 'harden-audit skipped: cross-compiling' "$T/skip.log" || fail "the skipped test does not say why"
fi

# A build-machine harden-audit, given explicitly.
audit_tool
cmake_configure "$b" "$EXAMPLE" -DHARDEN_AUDIT="$AUDIT"
cmake_build "$b"
grep -q 'harden-audit\.c' "$b.build.log" && fail "harden-audit.c was compiled for the target"
readelf -h "$b/tally" | grep -q AArch64 || fail "not an aarch64 program"
elf_is_pie "$b/tally" || fail "not PIE"
elf_has_canary "$b/tally" || fail "no canary"
elf_has_relro "$b/tally" || fail "no GNU_RELRO"
elf_has_now "$b/tally" || fail "no BIND_NOW"
assert_library_not_pie "$b/libtally.so"
cmake_audit_test_passes "$b" tally-audit
grep -q "Test command: $AUDIT \"--expect\" \".*\" \"$b/tally\" \"$b/libtally.so.1.0.0\"\$" "$b.tally-audit.log" ||
	fail "not the given harden-audit on tally and libtally: $(grep 'Test command' "$b.tally-audit.log")"
exit 0
