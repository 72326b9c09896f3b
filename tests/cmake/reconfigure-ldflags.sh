#!/bin/sh
# The cache key includes the linker flags: adding -Wl,-z,lazy to
# CMAKE_EXE_LINKER_FLAGS (after the module's -Wl,-z,now in the probe, so it
# wins) re-runs the probes and bind-now becomes unsupported.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
expect_state "$b" bind-now "on yes"
run "$T/re.log" cmake "$b" -DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,lazy
grep -q 'Probing hardening flags' "$T/re.log" || fail "probes did not re-run"
expect_state "$b" bind-now "unsupported -"
grep -q '^feature bind-now unsupported - no bind-now in the probe' "$b/harden-report.txt" ||
	fail "unexpected reason: $(grep 'feature bind-now' "$b/harden-report.txt")"
expect_state "$b" relro "on yes"
exit 0
