#!/bin/sh
# -Dharden:pie=disabled gives a non-PIE program with Debian's PIE-default
# gcc (harden-exe carries -fno-PIE/-no-pie); the library is still ET_DYN.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:pie=disabled
meson_build "$T/b"
[ "$(elf_type "$T/b/tally")" = EXEC ] || fail "tally is $(elf_type "$T/b/tally"), not EXEC"
elf_is_pie "$T/b/tally" && fail "tally is PIE"
[ "$(elf_type "$T/b/libtally.so")" = DYN ] || fail "libtally.so is not ET_DYN"
r=$(meson_report "$T/b")
report_expect "$r" pie "off -"
[ "$(report_key "$r" exe_ldflags)" = -no-pie ] || fail "exe_ldflags is not -no-pie: $(report_key "$r" exe_ldflags)"
# The toolchain default alone would have made a PIE program.
CC=gcc meson_setup "$T/p" "$T/c" --buildtype=release -Dharden:hardening=none
meson_build "$T/c"
elf_is_pie "$T/c/tally" || fail "control: gcc does not make PIE by default, the test shows nothing"
echo ok
