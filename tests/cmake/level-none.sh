#!/bin/sh
# -DHARDENING=none: every feature is off ("hardening level none"), the flag
# lists are empty, and the example's program lacks what the standard level
# adds on this gcc (canary, fortified calls, BIND_NOW): so the hardening the
# other tests see comes from the module.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=none
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled; do
	[ -z "$(report "$b" $k)" ] || fail "$k not empty: $(report "$b" $k)"
done
n=$(grep -c '^feature .* off - hardening level none$' "$b/harden-report.txt")
total=$(grep -c '^feature ' "$S/catalog/features.txt")
[ "$n" -eq "$total" ] || fail "$n of $total features off for level none"
build "$b"
has_canary "$b/tally" && fail "canary without hardening"
has_fortify "$b/tally" && fail "fortified calls without hardening"
has_bind_now "$b/tally" && fail "BIND_NOW without hardening"
exit 0
