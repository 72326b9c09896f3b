#!/bin/sh
# needs=: bind-now needs relro.  relro=disabled leaves bind-now unsupported
# ("needs relro") without its flag, and asking for both is an error.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:relro=disabled
r=$(meson_report "$T/b")
report_expect "$r" relro "off -"
report_expect "$r" bind-now "unsupported -"
[ "$(report_reason "$r" bind-now)" = "needs relro" ] || fail "bind-now reason: $(report_reason "$r" bind-now)"
report_key "$r" ldflags | grep -q -- '-z,now' && fail "-z,now in ldflags though bind-now is unsupported"
report_key "$r" ldflags | grep -q -- '-Wl,-z,norelro' || fail "no -Wl,-z,norelro for relro=disabled"
meson_build "$T/b"
elf_has_relro "$T/b/tally" && fail "tally has GNU_RELRO with relro=disabled"
if CC=gcc meson setup "$T/c" "$T/p" -Dharden:relro=disabled -Dharden:bind_now=enabled >"$T/c.log" 2>&1; then
	fail "bind_now=enabled with relro=disabled was accepted"
fi
grep -q 'harden: cannot enable bind-now: needs relro$' "$T/c.log" || { tail -n 5 "$T/c.log"; fail "unclear error"; }
echo ok
