#!/bin/sh
# When harden's probes cannot run (the compiler wrapper fails every probe,
# as distcc does with its servers gone), configure stops with the driver's
# message and caches nothing: the reconfigure after the outage probes and
# hardens.  (-DHARDENING=none needing no probe: level-none.sh.)
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja
outage_cc
b=$T/build
CC=$T/outage-cc cmake_configure_fails "$T/fail.log" "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q "^ *cannot run: $T/outage-cc cannot build a program with the builder's flags: distcc\[[0-9]*\] ERROR: compile probe.c on host1 failed\$" "$T/fail.log" ||
	{ cat "$T/fail.log"; fail "the driver's message is not shown"; }
rm "$T/outage"
run "$T/re.log" cmake "$b"
grep -q 'Probing hardening flags (C) - done' "$T/re.log" || fail "the reconfigure did not probe"
report_expect "$b/harden-report.txt" stack-protector "on strong"
exit 0
