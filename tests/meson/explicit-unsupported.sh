#!/bin/sh
# An explicit request that cannot be met stops configuration with the
# driver's error naming the feature and the reason (an aarch64 feature on
# x86, fortify at -O0, bind-now without relro: needs=), after showing every
# feature's state; the report is still written.  pie=disabled with
# b_pie=true is an error rather than a silently PIE program.
. "$HARDEN_SRCDIR/tests/lib.sh"
[ "$(uname -m)" = x86_64 ] || skip "x86_64 only"
need gcc meson ninja
meson_parent_with_copy "$T/p"
if CC=gcc meson setup "$T/b" "$T/p" -Dharden:branch_protection=enabled >"$T/log" 2>&1; then
	fail "branch_protection=enabled accepted on x86_64"
fi
grep -q 'ERROR: .*harden: cannot enable branch-protection: aarch64 only (target is x86)$' "$T/log" ||
	{ tail -n 5 "$T/log"; fail "error does not name the feature"; }
grep -q '^harden| Message: harden: stack-protector: on ' "$T/log" || { cat "$T/log"; fail "the states are not shown"; }
report_expect "$(meson_report "$T/b")" branch-protection "unsupported -"
if CC=gcc meson setup "$T/c" "$T/p" -Dbuildtype=debug -Dharden:fortify_source=3 >"$T/log2" 2>&1; then
	fail "fortify_source=3 accepted at -O0"
fi
grep -q 'ERROR: .*harden: cannot enable fortify-source: needs optimisation (-O1 or more)$' "$T/log2" ||
	{ tail -n 5 "$T/log2"; fail "error does not name the feature"; }
if CC=gcc meson setup "$T/d" "$T/p" -Dharden:relro=disabled -Dharden:bind_now=enabled >"$T/log3" 2>&1; then
	fail "bind_now=enabled with relro=disabled was accepted"
fi
grep -q 'harden: cannot enable bind-now: needs relro$' "$T/log3" || { tail -n 5 "$T/log3"; fail "unclear error"; }
if CC=gcc meson setup "$T/e" "$T/p" -Db_pie=true -Dharden:pie=disabled >"$T/log4" 2>&1; then
	fail "pie=disabled accepted with b_pie=true"
fi
grep -q 'harden: pie=disabled contradicts b_pie=true' "$T/log4" || { tail -n 5 "$T/log4"; fail "unclear error"; }
echo ok
