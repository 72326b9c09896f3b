#!/bin/sh
# examples/meson builds from the repository (sources shared with
# examples/autotools, harden through subprojects/harden.wrap), its
# "meson test" passes, and the program and library are hardened.  One of
# its tests is the audit test: harden-audit, built by the subproject, ran
# with --expect=<audit_expect of the report> on tally and libtally.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
[ -f "$S/examples/meson/subprojects/harden/meson.build" ] ||
	fail "examples/meson/subprojects/harden does not lead to the subproject"
CC=gcc meson_setup "$S/examples/meson" "$T/b" --buildtype=release
for d in harden-c harden-c-exe; do
	grep -q "Dependency $d found: YES.*(overridden)" "$T/b.log" || fail "dependency('$d') did not resolve to the subproject"
done
meson_build "$T/b"
assert_hardened_pair "$T/b/tally" "$T/b/libtally.so"
meson test -C "$T/b" >"$T/test.log" 2>&1 || { tail -n 20 "$T/test.log"; fail "meson test failed"; }
grep -q '^Ok: *2 *$' "$T/test.log" || { cat "$T/test.log"; fail "the tally test and the audit test did not both run"; }
r=$(meson_report "$T/b")
expect=$(report_key "$r" audit_expect)
[ "$expect" = "$(audit_expect_want "$r")" ] && [ -n "$expect" ] ||
	fail "audit_expect=$expect in the report, want $(audit_expect_want "$r")"
meson_test_log "$T/b" hardening >"$T/audit.log"
grep -q '^result: *exit status 0$' "$T/audit.log" || { cat "$T/audit.log"; fail "the audit test did not pass"; }
grep -q "^command: .*/subprojects/harden/meson/harden-audit --expect=$expect $T/b/tally $T/b/libtally\.so\.1\.0\.0$" "$T/audit.log" ||
	{ cat "$T/audit.log"; fail "the audit test is not the subproject's harden-audit --expect=$expect on tally and libtally"; }
grep -q "^pie  *yes .* $T/b/tally$" "$T/audit.log" || { cat "$T/audit.log"; fail "no audit table row for tally"; }
# The subproject builds harden-audit with its own probe's flags (dogfood).
a=$T/b/subprojects/harden/meson/harden-audit
assert_hardened_program "$a"
"$a" --expect "$expect" "$a" >/dev/null || fail "the subproject's harden-audit lacks its own $expect"
echo ok
