#!/bin/sh
# -Dharden:pie=disabled gives a non-PIE program with Debian's PIE-default
# gcc (harden-exe carries -fno-PIE/-no-pie); the library is still ET_DYN.
. "$(dirname "$0")/lib.sh"
required gcc
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dharden:pie=disabled
build "$T/b"
[ "$(elf_type "$T/b/tally")" = EXEC ] || fail "tally is $(elf_type "$T/b/tally"), not EXEC"
is_pie "$T/b/tally" && fail "tally is PIE"
[ "$(elf_type "$T/b/libtally.so")" = DYN ] || fail "libtally.so is not ET_DYN"
[ "$(state "$T/b" pie)" = off ] || fail "pie not off in the report"
report "$T/b" | grep -qx 'exe_ldflags=-no-pie' || fail "exe_ldflags is not -no-pie: $(report "$T/b" | grep exe_ldflags)"
# The toolchain default alone would have made a PIE program.
CC=gcc setup "$T/p" "$T/c" --buildtype=release -Dharden:hardening=none
build "$T/c"
is_pie "$T/c/tally" || fail "control: gcc does not make PIE by default, the test shows nothing"
echo ok
