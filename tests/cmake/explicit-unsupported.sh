#!/bin/sh
# An explicit request that cannot be met stops the configuration with an
# error naming the feature and the reason: HARDENING_BRANCH_PROTECTION=ON on
# x86_64, HARDENING_FORTIFY_SOURCE=3 without optimisation.  The same
# features at AUTO only report "unsupported".
. "$(dirname "$0")/helpers"

if cmake -S "$EXAMPLE" -B "$T/b1" -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=ON >"$T/1.log" 2>&1; then
	fail "HARDENING_BRANCH_PROTECTION=ON was accepted on x86_64"
fi
grep -q 'HARDENING_BRANCH_PROTECTION=ON: branch-protection is not supported: aarch64 only, target is x86' "$T/1.log" ||
	{ cat "$T/1.log"; fail "no error naming branch-protection"; }

if cmake -S "$EXAMPLE" -B "$T/b2" -DCMAKE_BUILD_TYPE=Debug -DHARDENING_FORTIFY_SOURCE=3 >"$T/2.log" 2>&1; then
	fail "HARDENING_FORTIFY_SOURCE=3 was accepted in a Debug build"
fi
grep -q 'HARDENING_FORTIFY_SOURCE=3: fortify-source is not supported: needs optimisation' "$T/2.log" ||
	{ cat "$T/2.log"; fail "no error naming fortify-source"; }

configure "$T/b3" "$EXAMPLE" -DCMAKE_BUILD_TYPE=Debug
expect_state "$T/b3" fortify-source "unsupported -"
expect_state "$T/b3" branch-protection "unsupported -"
exit 0
