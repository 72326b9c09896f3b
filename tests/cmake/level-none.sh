#!/bin/sh
# -DHARDENING=none: every feature is off ("hardening disabled"), the flag
# lists are empty, and the example's program lacks what the standard level
# adds on this gcc (canary, fortified calls, BIND_NOW): so the hardening the
# other tests see comes from the module.  Level none needs no probe: with a
# compiler that fails every compile of harden's probe (outage_cc, as in
# cannot-run.sh) it configures and builds.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf
outage_cc

b=$T/build
CC=$T/outage-cc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=none -DBUILD_TESTING=OFF
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled; do
	[ -z "$(report_key "$b/harden-report.txt" $k)" ] || fail "$k not empty: $(report_key "$b/harden-report.txt" $k)"
done
n=$(grep -c '^feature .* off - hardening disabled$' "$b/harden-report.txt")
total=$(grep -c '^feature ' "$S/catalog/features.txt")
[ "$n" -eq "$total" ] || fail "$n of $total features off for level none"
cmake_build "$b"
elf_has_canary "$b/tally" && fail "canary without hardening"
elf_has_chk "$b/tally" && fail "fortified calls without hardening"
elf_has_now "$b/tally" && fail "BIND_NOW without hardening"
exit 0
