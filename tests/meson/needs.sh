#!/bin/sh
# needs=: bind-now needs relro.  relro=disabled leaves bind-now unsupported
# ("needs relro") without its flag, and asking for both is an error.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dharden:relro=disabled
[ "$(state "$T/b" relro)" = off ] || fail "relro is $(state "$T/b" relro)"
[ "$(state "$T/b" bind-now)" = unsupported ] || fail "bind-now is $(state "$T/b" bind-now)"
[ "$(reason "$T/b" bind-now)" = "needs relro" ] || fail "bind-now reason: $(reason "$T/b" bind-now)"
report "$T/b" | grep -q '^ldflags=.*-z,now' && fail "-z,now in ldflags though bind-now is unsupported"
report "$T/b" | grep -q '^ldflags=.*-Wl,-z,norelro' || fail "no -Wl,-z,norelro for relro=disabled"
build "$T/b"
readelf -W -l "$T/b/tally" | grep -q GNU_RELRO && fail "tally has GNU_RELRO with relro=disabled"
if CC=gcc meson setup "$T/c" "$T/p" -Dharden:relro=disabled -Dharden:bind_now=enabled >"$T/c.log" 2>&1; then
	fail "bind_now=enabled with relro=disabled was accepted"
fi
grep -q 'harden: bind_now=enabled .*needs relro' "$T/c.log" || { tail -n 5 "$T/c.log"; fail "unclear error"; }
echo ok
