#!/bin/sh
# Batched probing: with gcc at the standard level (everything supported on
# x86_64 but branch-protection), configuration runs the compiler 6 times
# (catalog/README.md "Cost"), not once per flag.
. "$(dirname "$0")/lib.sh"
required gcc
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: the count is for x86_64"; exit 77; }
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
report "$T/b" | grep -q '^feature format-security on ' || fail "format-security not on: the count below would be off"
n=$(grep '^Running command:' "$T/b/meson-logs/meson-log.txt" | grep -c 'catalog/\(probe\|traits\)\.c')
[ "$n" -eq 6 ] || fail "$n compiler runs, want 6"
echo "ok: $n compiler runs"
