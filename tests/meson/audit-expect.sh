#!/bin/sh
# audit_expect is the features that are present and have an audit row, in
# catalog order, comma-joined: the same in harden-report.txt and in the
# variable of both dependencies, computed here from the catalog and the
# report's states; absent as a variable (and empty in the report) when no
# such feature is on.  In each configuration the one-line audit test of
# meson/README.md passes on tally and libtally.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
meson_add_audit_test "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
message('audit_expect of harden: [' + harden_dep.get_variable('audit_expect', default_value: 'ABSENT') + ']')
message('audit_expect of harden-exe: [' + harden_exe_dep.get_variable('audit_expect', default_value: 'ABSENT') + ']')
EOW
# check BUILDDIR WANT: the report, the variables and the catalog agree on
# WANT (ABSENT: no variable, empty line), and the audit test passes.
check() {
	_r=$(meson_report "$1")
	_want=$(audit_expect_want "$_r")
	if [ "$2" = ABSENT ]; then
		[ -z "$_want" ] || fail "$1: from the catalog and the report: '$_want', this test expects none"
	else
		[ "$_want" = "$2" ] || fail "$1: from the catalog and the report: '$_want', this test expects '$2'"
	fi
	[ "$(report_key "$_r" audit_expect)" = "$_want" ] ||
		fail "$1: report has audit_expect=$(report_key "$_r" audit_expect), want $_want"
	for _d in harden harden-exe; do
		grep -q "^Message: audit_expect of $_d: \[$2\]$" "$1.log" ||
			fail "$1: $(grep "audit_expect of $_d" "$1.log"), want [$2]"
	done
	meson_build "$1"
	meson test -C "$1" hardening >"$1.test.log" 2>&1 || { meson_test_log "$1" hardening; fail "$1: the audit test failed"; }
	meson_test_log "$1" hardening | grep -q "^command: .*harden-audit --expect=$_want $1/tally $1/libtally\.so$" ||
		{ meson_test_log "$1" hardening; fail "$1: the audit test did not run harden-audit --expect=$_want on tally and libtally.so"; }
}
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
if [ "$(uname -m)" = x86_64 ]; then
	check "$T/b" stack-protector,fortify-source,pie,relro,bind-now,noexecstack
else
	check "$T/b" "$(audit_expect_want "$(meson_report "$T/b")")"
fi
# Off, unsupported and strict features without an audit row are not
# expected: fortify-source needs -O1, stack-protector disabled, the strict
# level's features are on but cannot be proven from the files.
CC=gcc meson_setup "$T/p" "$T/c" --buildtype=debug -Dharden:hardening=strict -Dharden:stack_protector=disabled
r=$(meson_report "$T/c")
report_expect "$r" fortify-source "unsupported -"
[ "$(report_state "$r" auto-var-init)" = on ] || fail "auto-var-init is $(report_state "$r" auto-var-init) at the strict level"
check "$T/c" pie,relro,bind-now,noexecstack
# Nothing on: no variable, an empty line, and --expect= expects nothing.
CC=gcc meson_setup "$T/p" "$T/d" --buildtype=release -Dharden:hardening=none
check "$T/d" ABSENT
echo ok
