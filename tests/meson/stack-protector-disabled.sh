#!/bin/sh
# -Dharden:stack_protector=disabled removes canaries even when the compiler
# command itself asks for them (CC="gcc -fstack-protector-strong").
. "$(dirname "$0")/lib.sh"
required gcc
parent_with_copy "$T/p"
CC="gcc -fstack-protector-strong" setup "$T/p" "$T/b" --buildtype=release -Dharden:stack_protector=disabled
build "$T/b"
for f in "$T/b/tally" "$T/b/libtally.so"; do
	has_canary "$f" && fail "$f still calls __stack_chk_fail"
done
[ "$(state "$T/b" stack-protector)" = off ] || fail "stack-protector not off: $(report "$T/b" | grep stack-protector)"
report "$T/b" | grep -q '^cflags=.*-fno-stack-protector' || fail "no -fno-stack-protector in cflags"
# The control: the same build without the option has canaries.
CC="gcc -fstack-protector-strong" setup "$T/p" "$T/c" --buildtype=release -Dharden:hardening=none
build "$T/c"
has_canary "$T/c/tally" || fail "control build without the option has no canary"
echo ok
