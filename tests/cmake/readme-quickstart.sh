#!/bin/sh
# README.md's CMake quick start, taken from README.md itself, with <harden>
# this tree: the library and the program are hardened (canary, PIE for the
# program and not the library, full RELRO) and ctest runs the audit test,
# which passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc ninja ctest readelf
audit_tool
p=$T/p
mkdir -p "$p" || exit 99
awk '/^## Quick start: CMake/ { u = 1 } u && /^```cmake/ { f = 1; next } f && /^```/ { exit } f' "$S/README.md" |
	sed "s|<harden>|$S|" >"$p/CMakeLists.txt"
grep -q 'harden_add_audit_test' "$p/CMakeLists.txt" || fail "README.md has no CMake quick start: $(cat "$p/CMakeLists.txt")"
cp "$S/examples/autotools/src/tally.c" "$p/foo.c" && cp "$S/examples/autotools/src/tally.h" "$S/examples/autotools/src/main.c" "$p/" ||
	exit 99
CC=gcc cmake_configure "$T/b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDEN_AUDIT="$AUDIT"
grep -q 'stack-protector - on' "$T/b.configure.log" || fail "no summary in the configure output"
cmake_build "$T/b"
assert_hardened_pair "$T/b/prog" "$T/b/libfoo.so"
run "$T/ctest.log" ctest --test-dir "$T/b" --output-on-failure
grep -q 'hardening .*Passed' "$T/ctest.log" || fail "the audit test did not pass: $(cat "$T/ctest.log")"
echo ok
