#!/bin/sh
# Invalid values are rejected with the list of valid ones, in the driver's
# words (harden-flags validates them, for every frontend): a feature option,
# the level, and the project's HARDEN_DEFAULT_LEVEL.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

# bad N ARGS...: a configure that must fail; its output in $T/N.log.
bad() {
	n=$1
	shift
	CC=gcc cmake_configure_fails "$T/$n.log" "$T/b$n" "$EXAMPLE" "$@"
}

bad 1 -DHARDENING_STACK_PROTECTOR=bogus
grep -q "HARDENING_STACK_PROTECTOR=bogus: invalid value 'bogus' for stack-protector: use auto, yes, no, strong, basic (or ON, OFF, AUTO)" "$T/1.log" ||
	{ cat "$T/1.log"; fail "no error listing the valid values"; }

bad 2 -DHARDENING_FORTIFY_SOURCE=4
grep -q "HARDENING_FORTIFY_SOURCE=4: invalid value '4' for fortify-source: use auto, yes, no, 3, 2 (or ON, OFF, AUTO)" "$T/2.log" ||
	{ cat "$T/2.log"; fail "no error listing the valid values"; }

bad 3 -DHARDENING=extreme
grep -q "HARDENING=extreme: invalid level 'extreme': use none, standard or strict" "$T/3.log" ||
	{ cat "$T/3.log"; fail "no error listing the levels"; }

p=$T/proj
mkdir -p "$p"
printf 'cmake_minimum_required(VERSION 3.17)\nproject(p C)\nset(HARDEN_DEFAULT_LEVEL paranoid)\nlist(APPEND CMAKE_MODULE_PATH "%s/cmake")\ninclude(Harden)\n' "$S" >"$p/CMakeLists.txt"
if CC=gcc cmake -S "$p" -B "$T/b4" >"$T/4.log" 2>&1; then
	fail "HARDEN_DEFAULT_LEVEL=paranoid was accepted"
fi
grep -q 'HARDEN_DEFAULT_LEVEL=paranoid is not one of: none standard strict' "$T/4.log" ||
	{ cat "$T/4.log"; fail "no error for HARDEN_DEFAULT_LEVEL"; }
exit 0
