#!/bin/sh
# -Dbuildtype=debug (-O0): fortify-source is unsupported, with the reason,
# and nothing in the program is fortified; the rest still applies.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" -Dbuildtype=debug
meson_build "$T/b"
r=$(meson_report "$T/b")
report_expect "$r" fortify-source "unsupported -"
[ "$(report_reason "$r" fortify-source)" = "needs optimisation (-O1 or more)" ] ||
	fail "reason: $(report_reason "$r" fortify-source)"
grep -q '_FORTIFY_SOURCE=' "$r" && fail "a _FORTIFY_SOURCE level in the flags"
elf_has_chk "$T/b/tally" && fail "tally has __*_chk calls"
elf_has_canary "$T/b/tally" || fail "stack-protector no longer applied"
grep -q 'fortify-source *: unsupported needs optimisation (-O1 or more)$' "$T/b.log" || fail "summary does not show the reason"
echo ok
