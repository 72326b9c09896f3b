#!/bin/sh
# Batched probing: with gcc at the standard level (everything supported on
# x86_64 but branch-protection), configuration runs the compiler 9 times
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
[ "$n" = 9 ] || fail "runs=$n, want 9"
grep -q "probe runs *: 9 compiler runs$" "$T/b.log" || fail "the summary does not show 9 compiler runs"
# Compiles name the catalog's programs, assemblies and links the scratch
# directory's assembly and objects (a link may end with the libraries a
# proof needs, -lm for as-needed).
m=$(grep -c '^harden-flags: gcc .*\(catalog/\(probe\|traits\)\.c\|/b[0-9_a-z]*\.s\|/b[0-9]*\.o\( -l[a-z]*\)*\)$' "$T/b/subprojects/harden/harden-probe.log")
[ "$m" = 9 ] || fail "$m compiler commands in harden-probe.log, want 9"
echo "ok: $n compiler runs"
