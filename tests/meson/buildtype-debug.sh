#!/bin/sh
# -Dbuildtype=debug (-O0): fortify-source is unsupported, with the reason,
# and nothing in the program is fortified; the rest still applies.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" -Dbuildtype=debug
build "$T/b"
[ "$(state "$T/b" fortify-source)" = unsupported ] || fail "fortify-source is $(state "$T/b" fortify-source)"
reason "$T/b" fortify-source | grep -q 'optimisation' || fail "reason: $(reason "$T/b" fortify-source)"
report "$T/b" | grep -q '_FORTIFY_SOURCE=' && fail "a _FORTIFY_SOURCE level in the flags"
has_chk "$T/b/tally" && fail "tally has __*_chk calls"
has_canary "$T/b/tally" || fail "stack-protector no longer applied"
grep -q 'fortify-source *: unsupported needs optimisation' "$T/b.log" || fail "summary does not show the reason"
echo ok
