#!/bin/sh
# README.md has each section once: a heading (outside code blocks) that
# appears twice means a section was pasted in again, and one copy is stale
# (it happened once: the Autoconf to Speed sections twice, the old copy
# second).
. "$HARDEN_SRCDIR/tests/lib.sh"
awk '/^```/ { code = !code; next } !code && /^#+ / { print }' "$S/README.md" >headings
[ -s headings ] || fail "no headings read from README.md"
dups=$(sort headings | uniq -d)
[ -z "$dups" ] || fail "README.md has these headings more than once: $dups"
echo ok
