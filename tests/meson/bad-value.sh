#!/bin/sh
# Invalid option values of the subproject's own combos are refused by
# Meson, with the list of valid ones.  (A value that reaches harden-flags
# through a parent option that yields: yield.sh.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson
meson_parent_with_copy "$T/p"
if meson setup "$T/b" "$T/p" -Dharden:stack_protector=bogus >"$T/log" 2>&1; then
	fail "stack_protector=bogus was accepted"
fi
for word in bogus strong basic disabled; do
	grep -q "$word" "$T/log" || { cat "$T/log"; fail "error does not list the choices ($word)"; }
done
if meson setup "$T/c" "$T/p" -Dharden:hardening=maximal >"$T/log2" 2>&1; then
	fail "hardening=maximal was accepted"
fi
grep -q 'strict' "$T/log2" || { cat "$T/log2"; fail "error does not list the levels"; }
echo ok
