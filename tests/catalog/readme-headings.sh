#!/bin/sh
# README.md and each page of doc/ have each section once: a heading
# (outside code blocks) that appears twice in a file means a section was
# pasted in again, and one copy is stale (it happened once: the Autoconf to
# Speed sections twice, the old copy second).
. "$HARDEN_SRCDIR/tests/lib.sh"
for f in "$S/README.md" "$S"/doc/*.md; do
	awk '/^```/ { code = !code; next } !code && /^#+ / { print }' "$f" >headings
	[ -s headings ] || fail "no headings read from $f"
	dups=$(sort headings | uniq -d)
	[ -z "$dups" ] || fail "${f#"$S"/} has these headings more than once: $dups"
done
echo ok
