#!/bin/sh
# A request to turn a feature off that cannot be met stops configuration:
# c_args come after harden's flags in every probe, so -fstack-protector-strong
# there defeats stack_protector=disabled (and =no).  The message is made from
# the driver's "harden-flags: error=FEATURE REASON" line, with the verb of
# the option (disable); the states are shown and the report is written first.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
meson_parent_with_copy "$T/p"
for v in disabled no; do
	if CC=gcc meson setup "$T/b$v" "$T/p" -Dc_args=-fstack-protector-strong -Dharden:stack_protector=$v >"$T/$v.log" 2>&1; then
		fail "stack_protector=$v accepted against -fstack-protector-strong"
	fi
	grep -q "ERROR: .*harden: cannot disable stack-protector: still present (sym:[^ ]*) (the builder's flags have -fstack-protector-strong)\$" "$T/$v.log" ||
		{ tail -n 5 "$T/$v.log"; fail "$v: error does not name the feature and the builder's flag"; }
	grep -q '^harden| Message: harden: stack-protector: ' "$T/$v.log" || { cat "$T/$v.log"; fail "$v: the states are not shown"; }
	[ "$(report_state "$(meson_report "$T/b$v")" stack-protector)" != off ] || fail "$v: stack-protector off in the report"
	grep -q 'harden-flags: error=' "$T/$v.log" && fail "$v: the driver's error line is shown"
done
echo ok
