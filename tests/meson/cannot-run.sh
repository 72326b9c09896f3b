#!/bin/sh
# When harden's probes cannot run (the compiler wrapper fails every probe,
# as distcc does with its servers gone), meson setup stops with the
# driver's message; with the outage over, setup probes and hardens.
# -Dharden:hardening=none needs no probe.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
outage_cc
meson_parent_with_copy "$T/p"
if CC=$T/outage-cc meson setup "$T/b" "$T/p" >"$T/log" 2>&1; then
	fail "meson setup passed during the outage"
fi
grep -q "ERROR: .*harden: cannot run: $T/outage-cc cannot build a program with the builder's flags: distcc\[[0-9]*\] ERROR: compile probe.c on host1 failed\$" "$T/log" ||
	{ tail -n 5 "$T/log"; fail "the driver's message is not shown"; }
rm "$T/outage"
rm -rf "$T/b"
CC=$T/outage-cc meson_setup "$T/p" "$T/b"
report_expect "$(meson_report "$T/b")" stack-protector "on strong"
touch "$T/outage"
CC=$T/outage-cc meson_setup "$T/p" "$T/none" -Dharden:hardening=none
echo ok
