#!/bin/sh
# Standard level with clang, release build: the program is PIE with canaries,
# fortified calls, full RELRO and an NX stack; the shared library has the
# same except PIE, and was not linked with -pie.  The audit test (built with
# clang too) passes and expects all six features with an audit row.
. "$HARDEN_SRCDIR/tests/lib.sh"
need clang readelf
meson_parent_with_copy "$T/p"
meson_add_audit_test "$T/p"
CC=clang meson_setup "$T/p" "$T/b" --buildtype=release
meson_build "$T/b"
assert_hardened_pair "$T/b/tally" "$T/b/libtally.so"
r=$(meson_report "$T/b")
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(report_state "$r" $f)" = on ] || fail "$f is not on: $(grep "^feature $f " "$r")"
done
[ "$(audit_expect_want "$r")" = stack-protector,fortify-source,pie,relro,bind-now,noexecstack ] ||
	fail "audit_expect should be the six features: $(audit_expect_want "$r")"
[ "$(report_key "$r" audit_expect)" = "$(audit_expect_want "$r")" ] || fail "report: audit_expect=$(report_key "$r" audit_expect)"
meson test -C "$T/b" hardening >"$T/test.log" 2>&1 || { meson_test_log "$T/b" hardening; fail "the audit test failed with clang"; }
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not run"; }
echo "ok"
