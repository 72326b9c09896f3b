#!/bin/sh
# Changing an option in an existing build directory (meson configure, then
# ninja) probes again and rebuilds: stack_protector=disabled takes the
# canaries out, the report follows.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
meson_build "$T/b"
elf_has_canary "$T/b/tally" || fail "no canary before the change"
run "$T/conf.log" meson configure "$T/b" -Dharden:stack_protector=disabled
meson_build "$T/b"
elf_has_canary "$T/b/tally" && fail "canary still there after stack_protector=disabled"
report_expect "$(meson_report "$T/b")" stack-protector "off -"
ninja -C "$T/b" >"$T/again.log" 2>&1 || fail "ninja failed"
grep -q 'no work to do' "$T/again.log" || { cat "$T/again.log"; fail "the build does not settle"; }
echo ok
