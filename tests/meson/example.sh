#!/bin/sh
# examples/meson builds from the repository (sources shared with
# examples/autotools, harden through subprojects/harden.wrap), its
# "meson test" passes, and the program and library are hardened.
. "$(dirname "$0")/lib.sh"
[ -f "$SRC/examples/meson/subprojects/harden/meson.build" ] ||
	fail "examples/meson/subprojects/harden does not lead to the subproject"
CC=gcc setup "$SRC/examples/meson" "$T/b" --buildtype=release
check_way "$T/b"
meson test -C "$T/b" >"$T/test.log" 2>&1 || { tail -n 20 "$T/test.log"; fail "meson test failed"; }
grep -q '^Ok: *1' "$T/test.log" || { cat "$T/test.log"; fail "the tally test did not run"; }
echo ok
