#!/bin/sh
# The user's c_args take part in the probe: -Dc_args=-O0 in a release build
# makes fortify-source unsupported, CFLAGS=-O0 from the environment as well.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dc_args=-O0
report_expect "$(meson_report "$T/b")" fortify-source "unsupported -"
CC=gcc CFLAGS=-O0 meson_setup "$T/p" "$T/c" --buildtype=release
report_expect "$(meson_report "$T/c")" fortify-source "unsupported -"
CC=gcc meson_setup "$T/p" "$T/d" --buildtype=release
[ "$(report_state "$(meson_report "$T/d")" fortify-source)" = on ] || fail "control: fortify-source is not on"
echo ok
