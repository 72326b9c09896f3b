#!/bin/sh
# An explicit request that cannot be met stops configuration with the
# driver's error naming the feature and the reason (an aarch64 feature on
# x86, fortify at -O0), after showing every feature's state; the report
# is still written.
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
echo ok
