#!/bin/sh
# PIE and b_pie: with pie on and b_pie=false, configuration says that
# programs are PIE through dependency('harden-exe'); pie=disabled with
# b_pie=true is an error rather than a silently PIE program.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
grep -q "PIE only when linked with dependency('harden-exe') or ('harden-c-exe') (b_pie is false)" "$T/b.log" ||
	fail "no message about b_pie=false"
CC=gcc meson_setup "$T/p" "$T/c" --buildtype=release -Db_pie=true
grep -q "b_pie is false" "$T/c.log" && fail "b_pie message with b_pie=true"
if CC=gcc meson setup "$T/d" "$T/p" -Db_pie=true -Dharden:pie=disabled >"$T/d.log" 2>&1; then
	fail "pie=disabled accepted with b_pie=true"
fi
grep -q 'harden: pie=disabled contradicts b_pie=true' "$T/d.log" || { tail -n 5 "$T/d.log"; fail "unclear error"; }
echo ok
