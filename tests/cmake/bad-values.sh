#!/bin/sh
# Invalid values are rejected with the list of valid ones, in the driver's
# words (harden-flags validates them, for every frontend), and nothing is
# probed: a feature option, the level, and the project's
# HARDEN_DEFAULT_LEVEL.  CMake takes the values every frontend takes, plus
# its own AUTO, ON and OFF, spelled exactly so: -DHARDENING=STRICT,
# "strict " with a trailing blank (through a -C script: -D strips trailing
# blanks), HARDENING_STACK_PROTECTOR=STRONG and HARDENING_PIE=FALSE are
# errors that list the valid values (no, for PIE, among them).  (ON, OFF
# and AUTO working: options.sh.)  The example's cases share one build
# tree: each configure sets the other options back to valid values.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

b=$T/build
# bad N ARGS...: a configure of $b that must fail before probing; its
# output in $T/N.log.
bad() {
	n=$1
	shift
	if CC=gcc cmake -S "$EXAMPLE" -B "$b" -DCMAKE_BUILD_TYPE=Release "$@" >"$T/$n.log" 2>&1; then
		fail "$* was accepted"
	fi
	[ -e "$b/CMakeFiles/harden/probe.log" ] && fail "$*: the compiler ran"
	return 0
}
valid="-DHARDENING=standard -DHARDENING_STACK_PROTECTOR=AUTO -DHARDENING_PIE=AUTO -DHARDENING_FORTIFY_SOURCE=AUTO"

# First, on the new tree: a -C script does not override a cache entry.
printf 'set(HARDENING "strict " CACHE STRING "")\n' >"$T/blank.cmake"
bad blank -C "$T/blank.cmake"
grep -q "HARDENING=strict : invalid level 'strict ': use none, standard or strict" "$T/blank.log" ||
	{ cat "$T/blank.log"; fail "'strict ': no error listing the levels"; }

# shellcheck disable=SC2086 # $valid is words
bad STRICT $valid -DHARDENING=STRICT
grep -q "HARDENING=STRICT: invalid level 'STRICT': use none, standard or strict" "$T/STRICT.log" ||
	{ cat "$T/STRICT.log"; fail "STRICT: no error listing the levels"; }

# shellcheck disable=SC2086
bad extreme $valid -DHARDENING=extreme
grep -q "HARDENING=extreme: invalid level 'extreme': use none, standard or strict" "$T/extreme.log" ||
	{ cat "$T/extreme.log"; fail "no error listing the levels"; }

# shellcheck disable=SC2086
bad STRONG $valid -DHARDENING_STACK_PROTECTOR=STRONG
grep -q "HARDENING_STACK_PROTECTOR=STRONG: invalid value 'STRONG' for stack-protector: use auto, yes, no, strong, basic (or ON, OFF, AUTO)" "$T/STRONG.log" ||
	{ cat "$T/STRONG.log"; fail "STRONG: no error listing the values"; }

# shellcheck disable=SC2086
bad bogus $valid -DHARDENING_STACK_PROTECTOR=bogus
grep -q "HARDENING_STACK_PROTECTOR=bogus: invalid value 'bogus' for stack-protector: use auto, yes, no, strong, basic (or ON, OFF, AUTO)" "$T/bogus.log" ||
	{ cat "$T/bogus.log"; fail "no error listing the valid values"; }

# shellcheck disable=SC2086
bad FALSE $valid -DHARDENING_PIE=FALSE
grep -q "HARDENING_PIE=FALSE: invalid value 'FALSE' for pie: use auto, yes, no\\b.* (or ON, OFF, AUTO)" "$T/FALSE.log" ||
	{ cat "$T/FALSE.log"; fail "FALSE: no error listing the values"; }

# shellcheck disable=SC2086
bad 4 $valid -DHARDENING_FORTIFY_SOURCE=4
grep -q "HARDENING_FORTIFY_SOURCE=4: invalid value '4' for fortify-source: use auto, yes, no, 3, 2 (or ON, OFF, AUTO)" "$T/4.log" ||
	{ cat "$T/4.log"; fail "no error listing the valid values"; }

p=$T/proj
mkdir -p "$p"
printf 'cmake_minimum_required(VERSION 3.17)\nproject(p C)\nset(HARDEN_DEFAULT_LEVEL paranoid)\nlist(APPEND CMAKE_MODULE_PATH "%s/cmake")\ninclude(Harden)\n' "$S" >"$p/CMakeLists.txt"
if CC=gcc cmake -S "$p" -B "$T/b4" >"$T/default.log" 2>&1; then
	fail "HARDEN_DEFAULT_LEVEL=paranoid was accepted"
fi
grep -q 'HARDEN_DEFAULT_LEVEL=paranoid is not one of: none standard strict' "$T/default.log" ||
	{ cat "$T/default.log"; fail "no error for HARDEN_DEFAULT_LEVEL"; }
exit 0
