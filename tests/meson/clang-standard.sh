#!/bin/sh
# Standard level with clang, release build: the program is PIE with canaries,
# fortified calls, full RELRO and an NX stack; the shared library has the
# same except PIE, and was not linked with -pie.  The audit test (built with
# clang too) passes and expects all six features with an audit row.
. "$(dirname "$0")/lib.sh"
required clang
parent_with_copy "$T/p"
add_audit_test "$T/p"
CC=clang setup "$T/p" "$T/b" --buildtype=release
build "$T/b"
check_hardened_pair "$T/b"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(state "$T/b" $f)" = on ] || fail "$f is not on: $(report "$T/b" | grep " $f ")"
done
[ "$(audit_expect_want "$T/b")" = stack-protector,fortify-source,pie,relro,bind-now,noexecstack ] ||
	fail "audit_expect should be the six features: $(audit_expect_want "$T/b")"
report "$T/b" | grep -qx "audit_expect=$(audit_expect_want "$T/b")" || fail "report: $(report "$T/b" | grep '^audit_expect=')"
meson test -C "$T/b" hardening >"$T/test.log" 2>&1 || { test_log "$T/b" hardening; fail "the audit test failed with clang"; }
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not run"; }
echo "ok"
