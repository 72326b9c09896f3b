#!/bin/sh
# Batched probing: with gcc at the standard level (everything supported on
# x86_64 but branch-protection), configuration runs the compiler 6 times
# (catalog/README.md "Cost"), not once per flag: the report's runs= and the
# summary say so, and the probe log shows as many compiler commands.
. "$HARDEN_SRCDIR/tests/lib.sh"
[ "$(uname -m)" = x86_64 ] || skip "the count is for x86_64"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
r=$(meson_report "$T/b")
report_expect "$r" format-security "on yes"
n=$(report_key "$r" runs)
[ "$n" = 6 ] || fail "runs=$n, want 6"
grep -q "probe runs *: 6 compiler runs$" "$T/b.log" || fail "the summary does not show 6 compiler runs"
m=$(grep -c '^harden-flags: gcc .*catalog/\(probe\|traits\)\.c$' "$T/b/subprojects/harden/harden-probe.log")
[ "$m" = 6 ] || fail "$m compiler commands in harden-probe.log, want 6"
echo "ok: $n compiler runs"
