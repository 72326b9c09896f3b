#!/bin/sh
# as-needed-static.sh - no binary proves as-needed, and a static program
# (-static, -static-pie) records no library at all, so harden-audit says
# why it is unknown there: no DT_NEEDED, nothing --as-needed could drop
# shows (the driver's probe proves nothing there either:
# tests/flags/as-needed-static.sh).  A dynamic program keeps "no proof
# from a binary"; --expect refuses as-needed for both (exit 2).
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc readelf
cd "$T" || exit 99
printf 'int main(void) { return 0; }\n' >main.c
gcc -O2 -static -Wl,--as-needed -o static main.c -lm && gcc -O2 -static-pie -o static-pie main.c &&
	gcc -O2 -Wl,--as-needed -o dynamic main.c -lm || fail "cannot build the programs"
readelf -dW static | grep -q NEEDED && fail "the static program records a library"
# line FILE: the -v line of as-needed.
line() { "$AUDIT" -v "$1" | grep '^    as-needed '; }
for p in static static-pie; do
	line $p | grep -q '^    as-needed  *unknown  *static program: it records no library (no DT_NEEDED), so what --as-needed drops cannot show; not provable$' ||
		fail "$p: $(line $p)"
done
line dynamic | grep -q '^    as-needed  *unknown  *no proof from a binary$' || fail "dynamic: $(line dynamic)"
check_expect 2 as-needed static dynamic
said "no binary can prove as-needed"
echo ok
