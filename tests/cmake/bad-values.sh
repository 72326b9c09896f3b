#!/bin/sh
# Invalid values are rejected with the list of valid ones: a feature option,
# the level, and the project's HARDEN_DEFAULT_LEVEL.
. "$(dirname "$0")/helpers"

b=$T/build
if cmake -S "$EXAMPLE" -B "$b" -DHARDENING_STACK_PROTECTOR=bogus >"$T/1.log" 2>&1; then
	fail "HARDENING_STACK_PROTECTOR=bogus was accepted"
fi
grep -q 'HARDENING_STACK_PROTECTOR=bogus is invalid, valid values are: AUTO ON OFF strong basic' "$T/1.log" ||
	{ cat "$T/1.log"; fail "no error listing the valid values"; }

rm -rf "$b"
if cmake -S "$EXAMPLE" -B "$b" -DHARDENING_FORTIFY_SOURCE=4 >"$T/2.log" 2>&1; then
	fail "HARDENING_FORTIFY_SOURCE=4 was accepted"
fi
grep -q 'HARDENING_FORTIFY_SOURCE=4 is invalid, valid values are: AUTO ON OFF 3 2' "$T/2.log" ||
	{ cat "$T/2.log"; fail "no error listing the valid values"; }

rm -rf "$b"
if cmake -S "$EXAMPLE" -B "$b" -DHARDENING=extreme >"$T/3.log" 2>&1; then
	fail "HARDENING=extreme was accepted"
fi
grep -q 'invalid HARDENING=extreme; valid values: none standard strict' "$T/3.log" ||
	{ cat "$T/3.log"; fail "no error listing the levels"; }

p=$T/proj
mkdir -p "$p"
printf 'cmake_minimum_required(VERSION 3.17)\nproject(p C)\nset(HARDEN_DEFAULT_LEVEL paranoid)\nlist(APPEND CMAKE_MODULE_PATH "%s/cmake")\ninclude(Harden)\n' "$S" >"$p/CMakeLists.txt"
if cmake -S "$p" -B "$T/b4" >"$T/4.log" 2>&1; then
	fail "HARDEN_DEFAULT_LEVEL=paranoid was accepted"
fi
grep -q 'HARDEN_DEFAULT_LEVEL=paranoid is not one of: none standard strict' "$T/4.log" ||
	{ cat "$T/4.log"; fail "no error for HARDEN_DEFAULT_LEVEL"; }
exit 0
