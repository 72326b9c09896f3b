#!/bin/sh
# An explicit request that cannot be met stops the configuration with an
# error naming the feature and the reason: HARDENING_BRANCH_PROTECTION=ON on
# x86_64, HARDENING_FORTIFY_SOURCE=3 without optimisation (the driver's
# message, after the summary and the report are written).  (The same
# features at AUTO only report "unsupported": options.sh, its Debug build.)
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

if CC=gcc cmake -S "$EXAMPLE" -B "$T/b1" -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=ON >"$T/1.log" 2>&1; then
	fail "HARDENING_BRANCH_PROTECTION=ON was accepted on x86_64"
fi
grep -q 'HARDENING_BRANCH_PROTECTION=ON: cannot enable branch-protection: aarch64 only (target is x86)$' "$T/1.log" ||
	{ cat "$T/1.log"; fail "no error naming branch-protection"; }
grep -q 'branch-protection - unsupported: aarch64 only (target is x86)$' "$T/1.log" || fail "no summary before the error"
report_expect "$T/b1/harden-report.txt" branch-protection "unsupported -"

if CC=gcc cmake -S "$EXAMPLE" -B "$T/b2" -DCMAKE_BUILD_TYPE=Debug -DHARDENING_FORTIFY_SOURCE=3 >"$T/2.log" 2>&1; then
	fail "HARDENING_FORTIFY_SOURCE=3 was accepted in a Debug build"
fi
grep -q 'HARDENING_FORTIFY_SOURCE=3: cannot enable fortify-source: needs optimisation' "$T/2.log" ||
	{ cat "$T/2.log"; fail "no error naming fortify-source"; }
exit 0
