#!/bin/sh
# A Debug build (-O0): fortify-source is unsupported with the reason "needs
# optimisation", no -D_FORTIFY_SOURCE is added and the program has no
# fortified calls, while the other features stay on.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Debug
expect_state "$b" fortify-source "unsupported -"
grep -q '^feature fortify-source unsupported - needs optimisation (-O1 or more)$' "$b/harden-report.txt" ||
	fail "no reason for fortify-source"
grep -q 'fortify-source - unsupported: needs optimisation' "$b.configure.log" || fail "summary has no reason"
[ -z "$(report "$b" cppflags)" ] || fail "cppflags: $(report "$b" cppflags)"
expect_state "$b" stack-protector "on strong"
build "$b"
grep -q -- '-D_FORTIFY_SOURCE' "$b.build.log" && fail "-D_FORTIFY_SOURCE on a compile line"
has_fortify "$b/tally" && fail "fortified calls in a Debug build"
has_canary "$b/tally" || fail "no canary in the Debug build"
exit 0
