#!/bin/sh
# CMake takes the values every frontend takes, plus its own AUTO, ON and
# OFF, spelled exactly so: -DHARDENING=STRICT, "strict " with a trailing
# blank (through a -C script: -D strips trailing blanks),
# HARDENING_STACK_PROTECTOR=STRONG and HARDENING_PIE=FALSE are errors that
# list the valid values (no, for PIE, among them), and nothing is probed.
# (ON, OFF and AUTO working: options.sh.)
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

# bad N ARGS...: a configure that must fail before probing; output in $T/N.log.
bad() {
	n=$1
	shift
	CC=gcc cmake_configure_fails "$T/$n.log" "$T/b$n" "$EXAMPLE" -DCMAKE_BUILD_TYPE=Release "$@"
	[ -e "$T/b$n/CMakeFiles/harden/probe.log" ] && fail "$*: the compiler ran"
	return 0
}

bad 1 -DHARDENING=STRICT
grep -q "HARDENING=STRICT: invalid level 'STRICT': use none, standard or strict" "$T/1.log" ||
	{ cat "$T/1.log"; fail "STRICT: no error listing the levels"; }

printf 'set(HARDENING "strict " CACHE STRING "")\n' >"$T/blank.cmake"
bad 2 -C "$T/blank.cmake"
grep -q "HARDENING=strict : invalid level 'strict ': use none, standard or strict" "$T/2.log" ||
	{ cat "$T/2.log"; fail "'strict ': no error listing the levels"; }

bad 3 -DHARDENING_STACK_PROTECTOR=STRONG
grep -q "HARDENING_STACK_PROTECTOR=STRONG: invalid value 'STRONG' for stack-protector: use auto, yes, no, strong, basic (or ON, OFF, AUTO)" "$T/3.log" ||
	{ cat "$T/3.log"; fail "STRONG: no error listing the values"; }

bad 4 -DHARDENING_PIE=FALSE
grep -q "HARDENING_PIE=FALSE: invalid value 'FALSE' for pie: use auto, yes, no\\b.* (or ON, OFF, AUTO)" "$T/4.log" ||
	{ cat "$T/4.log"; fail "FALSE: no error listing the values"; }
exit 0
