#!/bin/sh
# A reconfigure with nothing changed runs no probe: no "Probing" step, every
# feature's summary line says "(cached)", no scratch file is rewritten, and
# the report is the same but for runs=0.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q 'Probing hardening flags (C) - done' "$b.configure.log" || fail "first configure did not probe"
cp "$b/harden-report.txt" "$T/report1"
touch "$T/stamp"
sleep 1
run "$T/re.log" cmake "$b"
grep -q 'Probing hardening flags' "$T/re.log" && fail "probes ran again"
grep -q 'stack-protector - on: strong: -fstack-protector-strong (cached)$' "$T/re.log" || fail "stack-protector not cached"
grep -q 'pie - on: -fPIE -pie (cached)$' "$T/re.log" || fail "pie not cached"
grep -q 'auto-var-init - off: not in level standard (cached)$' "$T/re.log" || fail "auto-var-init not cached"
newer=$(find "$b/CMakeFiles/harden" -type f -newer "$T/stamp")
[ -z "$newer" ] || fail "scratch files rewritten: $newer"
[ "$(report_key "$b/harden-report.txt" runs)" = 0 ] || fail "runs=$(report_key "$b/harden-report.txt" runs) from the cache"
grep -v '^runs=' "$T/report1" >"$T/r1"
grep -v '^runs=' "$b/harden-report.txt" >"$T/r2"
cmp -s "$T/r1" "$T/r2" || { diff "$T/r1" "$T/r2"; fail "report changed"; }
exit 0
