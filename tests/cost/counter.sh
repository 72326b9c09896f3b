#!/bin/sh
# The instruction counter: perf_event_open when the kernel allows it, else
# callgrind.  HARDEN_COST_NO_PERF forces the fallback and says so;
# --instructions perf without perf counts nothing.  The perf wrapper
# (HARDEN_COST_WRAP with perf) runs the command and keeps its exit status,
# and appends a count when the kernel allows one.
. "$(dirname "$0")/lib.sh"
cost_tool
need valgrind
out=$(HARDEN_COST_NO_PERF=1 "$HC" --which-counter) || fail "--which-counter failed"
[ "$out" = "callgrind (perf_event_open disabled by HARDEN_COST_NO_PERF)" ] ||
	fail "with HARDEN_COST_NO_PERF=1: '$out'"
out=$(HARDEN_COST_NO_PERF=0 "$HC" --which-counter) || fail "--which-counter failed"
case $out in
perf) perf=yes ;;
"callgrind (perf_event_open: "*) perf=no ;;
*) fail "detection says '$out'" ;;
esac
note "this machine: $out"
out=$(HARDEN_COST_NO_PERF=1 "$HC" --which-counter --instructions perf)
[ "$out" = "none (perf_event_open disabled by HARDEN_COST_NO_PERF)" ] || fail "--instructions perf without perf: '$out'"
out=$("$HC" --which-counter --instructions callgrind)
[ "$out" = "callgrind (--instructions callgrind)" ] || fail "--instructions callgrind: '$out'"
"$HC" --count-instructions "$T/counts" -- sh -c 'exit 3'
rc=$?
[ "$rc" -eq 3 ] || fail "the perf wrapper returned $rc for a command that exits 3"
"$HC" --count-instructions "$T/counts" -- sh -c 'i=0; while [ $i -lt 1000 ]; do i=$((i+1)); done' ||
	fail "the perf wrapper failed"
if [ "$perf" = yes ]; then
	[ "$(wc -l <"$T/counts")" -eq 2 ] || fail "not one count per wrapped run: $(cat "$T/counts")"
	[ "$(tail -n 1 "$T/counts")" -gt 100000 ] || fail "too few instructions: $(cat "$T/counts")"
else
	[ -s "$T/counts" ] && fail "a count without perf: $(cat "$T/counts")"
fi
"$HC" --count-instructions "$T/counts" sh >err 2>&1
[ $? -eq 2 ] || fail "the wrapper without -- is not a usage error"
echo ok
