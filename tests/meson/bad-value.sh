#!/bin/sh
# Invalid option values are refused, with the list of valid ones: by Meson
# for the subproject's own combos, and by harden-flags (its exit status 2)
# for a value that reaches it through a parent option that yields.
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
cat >"$T/p/meson_options.txt" <<'EOW'
option('stack_protector', type: 'combo', choices: ['auto', 'bogus'], value: 'auto',
  description: 'parent stack protector')
EOW
if CC=gcc meson setup "$T/d" "$T/p" -Dstack_protector=bogus >"$T/log3" 2>&1; then
	fail "stack_protector=bogus from the parent was accepted"
fi
grep -q "ERROR: .*harden: invalid value 'bogus' for stack-protector: use auto, yes, no, strong, basic$" "$T/log3" ||
	{ tail -n 5 "$T/log3"; fail "the driver's error is not shown"; }
echo ok
