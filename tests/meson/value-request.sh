#!/bin/sh
# A value name asks for exactly that value: fortify_source=2 and
# stack_protector=basic give those flags and values, and the binaries show
# them (__snprintf_chk, __stack_chk_fail).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:fortify_source=2 -Dharden:stack_protector=basic
r=$(meson_report "$T/b")
[ "$(report_key "$r" cppflags)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "cppflags=$(report_key "$r" cppflags)"
report_key "$r" enabled | grep -q '^stack-protector=basic fortify-source=2 ' || fail "enabled=$(report_key "$r" enabled)"
report_key "$r" cflags | grep -q -- '^-fstack-protector --param=ssp-buffer-size=4 ' || fail "cflags=$(report_key "$r" cflags)"
meson_build "$T/b"
elf_has_sym "$T/b/libtally.so" __snprintf_chk || fail "libtally.so has no __snprintf_chk"
elf_has_canary "$T/b/libtally.so" || fail "libtally.so has no canary"
echo ok
