#!/bin/sh
# -Dharden:stack_protector=disabled removes canaries even when the compiler
# command itself asks for them (CC="gcc -fstack-protector-strong").
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC="gcc -fstack-protector-strong" meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:stack_protector=disabled
meson_build "$T/b"
for f in "$T/b/tally" "$T/b/libtally.so"; do
	elf_has_canary "$f" && fail "$f still calls __stack_chk_fail"
done
r=$(meson_report "$T/b")
report_expect "$r" stack-protector "off -"
report_key "$r" cflags | grep -q -- '-fno-stack-protector' || fail "no -fno-stack-protector in cflags"
# The control: the same build without the option has canaries.
CC="gcc -fstack-protector-strong" meson_setup "$T/p" "$T/c" --buildtype=release -Dharden:hardening=none
meson_build "$T/c"
elf_has_canary "$T/c/tally" || fail "control build without the option has no canary"
echo ok
