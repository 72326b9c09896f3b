#!/bin/sh
# -Db_sanitize=address: fortify-source is unsupported ("not with
# sanitizers") even in a release build.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Db_sanitize=address
r=$(meson_report "$T/b")
report_expect "$r" fortify-source "unsupported -"
[ "$(report_reason "$r" fortify-source)" = "not with sanitizers" ] || fail "reason: $(report_reason "$r" fortify-source)"
grep -q '_FORTIFY_SOURCE' "$r" && fail "fortify flags despite the sanitizer"
[ "$(report_state "$r" stack-protector)" = on ] || fail "stack-protector no longer on"
echo ok
