#!/bin/sh
# A reconfigure with nothing changed runs no probe: no "Probing" step, every
# probed feature says "(cached)", no scratch file is rewritten, and the
# report is the same.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q 'Probing hardening flags' "$b.configure.log" || fail "first configure did not probe"
cp "$b/harden-report.txt" "$T/report1"
touch "$T/stamp"
sleep 1
run "$T/re.log" cmake "$b"
grep -q 'Probing hardening flags' "$T/re.log" && fail "probes ran again"
grep -q 'stack-protector - on: strong (-fstack-protector-strong) (cached)' "$T/re.log" || fail "stack-protector not cached"
grep -q 'pie - on: yes (-fPIE -pie) (cached)' "$T/re.log" || fail "pie not cached"
newer=$(find "$b/CMakeFiles/harden" -type f -newer "$T/stamp")
[ -z "$newer" ] || fail "scratch files rewritten: $newer"
cmp -s "$b/harden-report.txt" "$T/report1" || fail "report changed"
exit 0
