#!/bin/sh
# CC=tcc accepts nearly every flag and applies none: the example configures,
# every feature is reported unsupported (or off), nothing is claimed (empty
# flag lists and enabled=), and the unhardened build still works.
. "$(dirname "$0")/helpers"

b=$T/build
CC=tcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q 'CMAKE_C_COMPILER:FILEPATH=.*tcc' "$b/CMakeCache.txt" || fail "not configured with tcc"
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled; do
	[ -z "$(report "$b" $k)" ] || fail "tcc claims $k=$(report "$b" $k)"
done
grep '^feature ' "$b/harden-report.txt" | grep -q ' on ' && fail "a feature is on with tcc"
expect_state "$b" stack-protector "unsupported -"
expect_state "$b" pie "unsupported -"
expect_state "$b" relro "unsupported -"
expect_state "$b" format-security "unsupported -"
grep -q 'stack-protector - unsupported: no __stack_chk_fail in the probe' "$b.configure.log" ||
	fail "no summary line with the reason"
build "$b"
has_canary "$b/tally" && fail "a canary appeared"
[ "$(printf 'a b\n' | LD_LIBRARY_PATH=$b "$b/tally")" = "      1       2       4 -" ] || fail "the tcc-built tally does not run"
exit 0
