#!/bin/sh
# Ninja Multi-Config: the probes use the first configuration type
# (Release here, so fortify-source is on), and the Release program is
# hardened, PIE included.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G "Ninja Multi-Config" "-DCMAKE_CONFIGURATION_TYPES=Release;Debug"
expect_state "$b" fortify-source "on 3"
run "$b.build.log" cmake --build "$b" --config Release -v
assert_hardened_program "$b/Release/tally"
assert_hardened_library "$b/Release/libtally.so"
exit 0
