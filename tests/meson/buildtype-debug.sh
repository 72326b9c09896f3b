#!/bin/sh
# -Dbuildtype=debug (-O0), at the strict level: fortify-source is
# unsupported, with the reason (in the report and the summary), and
# nothing in the program is fortified; the rest still applies (canaries,
# the strict features).  audit_expect lacks fortify-source (not on) and the
# strict features (on, but no audit row: they cannot be proven from the
# files), and the audit test passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
meson_add_audit_test "$T/p"
meson_add_variable_messages "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" -Dbuildtype=debug -Dharden:hardening=strict
r=$(meson_report "$T/b")
report_expect "$r" fortify-source "unsupported -"
[ "$(report_reason "$r" fortify-source)" = "needs optimisation (-O1 or more)" ] ||
	fail "reason: $(report_reason "$r" fortify-source)"
grep -q '_FORTIFY_SOURCE=' "$r" && fail "a _FORTIFY_SOURCE level in the flags"
grep -q 'fortify-source *: unsupported needs optimisation (-O1 or more)$' "$T/b.log" || fail "summary does not show the reason"
[ "$(report_state "$r" auto-var-init)" = on ] || fail "auto-var-init is $(report_state "$r" auto-var-init) at the strict level"
if [ "$(uname -m)" = x86_64 ]; then
	meson_audit_expect_check "$T/b" stack-protector,pie,relro,bind-now,noexecstack
else
	meson_audit_expect_check "$T/b" "$(audit_expect_want "$r")"
fi
elf_has_chk "$T/b/tally" && fail "tally has __*_chk calls"
elf_has_canary "$T/b/tally" || fail "stack-protector no longer applied"
echo ok
