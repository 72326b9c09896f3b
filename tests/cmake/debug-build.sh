#!/bin/sh
# A Debug build (-O0): fortify-source is unsupported with the reason "needs
# optimisation", no -D_FORTIFY_SOURCE is added and the program has no
# fortified calls, while the other features stay on.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Debug
report_expect "$b/harden-report.txt" fortify-source "unsupported -"
grep -q '^feature fortify-source unsupported - needs optimisation (-O1 or more)$' "$b/harden-report.txt" ||
	fail "no reason for fortify-source"
grep -q 'fortify-source - unsupported: needs optimisation' "$b.configure.log" || fail "summary has no reason"
[ -z "$(report_key "$b/harden-report.txt" cppflags)" ] || fail "cppflags: $(report_key "$b/harden-report.txt" cppflags)"
report_expect "$b/harden-report.txt" stack-protector "on strong"
cmake_build "$b"
grep -q -- '-D_FORTIFY_SOURCE' "$b.build.log" && fail "-D_FORTIFY_SOURCE on a compile line"
elf_has_chk "$b/tally" && fail "fortified calls in a Debug build"
elf_has_canary "$b/tally" || fail "no canary in the Debug build"
exit 0
