#!/bin/sh
# An explicit request that cannot be met stops configuration with an error
# naming the feature: an aarch64 feature on x86, fortify at -O0.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: x86_64 only"; exit 77; }
if CC=gcc meson setup "$T/b" "$T/p" -Dharden:branch_protection=enabled >"$T/log" 2>&1; then
	fail "branch_protection=enabled accepted on x86_64"
fi
grep -q 'ERROR: .*harden: branch_protection.*aarch64 only' "$T/log" || { tail -n 5 "$T/log"; fail "error does not name the feature"; }
if CC=gcc meson setup "$T/c" "$T/p" -Dbuildtype=debug -Dharden:fortify_source=3 >"$T/log2" 2>&1; then
	fail "fortify_source=3 accepted at -O0"
fi
grep -q 'ERROR: .*harden: fortify_source=3.*optimisation' "$T/log2" || { tail -n 5 "$T/log2"; fail "error does not name the feature"; }
echo ok
