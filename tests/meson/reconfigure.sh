#!/bin/sh
# Changing an option in an existing build directory (meson configure, then
# ninja) probes again and rebuilds: stack_protector=disabled takes the
# canaries out, the report follows.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
build "$T/b"
has_canary "$T/b/tally" || fail "no canary before the change"
meson configure "$T/b" -Dharden:stack_protector=disabled >"$T/conf.log" 2>&1 || { cat "$T/conf.log"; fail "meson configure failed"; }
build "$T/b"
has_canary "$T/b/tally" && fail "canary still there after stack_protector=disabled"
[ "$(state "$T/b" stack-protector)" = off ] || fail "report not updated: $(state "$T/b" stack-protector)"
ninja -C "$T/b" >"$T/again.log" 2>&1 || fail "ninja failed"
grep -q 'no work to do' "$T/again.log" || { cat "$T/again.log"; fail "the build does not settle"; }
echo ok
