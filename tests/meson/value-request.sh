#!/bin/sh
# A value name asks for exactly that value: fortify_source=2 and
# stack_protector=basic give those flags and values, and the binaries show
# them (__snprintf_chk, __stack_chk_fail).
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dharden:fortify_source=2 -Dharden:stack_protector=basic
report "$T/b" | grep -qx 'cppflags=-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2' || fail "cppflags: $(report "$T/b" | sed -n 1p)"
report "$T/b" | grep -q '^enabled=stack-protector=basic fortify-source=2 ' || fail "$(report "$T/b" | grep ^enabled=)"
report "$T/b" | grep -q '^cflags=-fstack-protector --param=ssp-buffer-size=4 ' || fail "$(report "$T/b" | grep ^cflags=)"
build "$T/b"
elf "$T/b/libtally.so" | grep -q ' __snprintf_chk@' || fail "libtally.so has no __snprintf_chk"
has_canary "$T/b/libtally.so" || fail "libtally.so has no canary"
echo ok
