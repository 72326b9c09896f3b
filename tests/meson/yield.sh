#!/bin/sh
# The options yield: a parent with its own "hardening" and
# "stack_protector" options controls the subproject with -Dhardening=...;
# a value of the parent's that is not the driver's is refused by
# harden-flags (its exit status 2), with the list of valid ones.  With
# -Db_sanitize=address, fortify-source is unsupported ("not with
# sanitizers") even in a release build, the rest still on.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
cat >"$T/p/meson_options.txt" <<'EOW'
option('hardening', type: 'combo', choices: ['none', 'standard', 'strict'], value: 'standard',
  description: 'parent hardening level')
option('stack_protector', type: 'combo',
  choices: ['auto', 'enabled', 'disabled', 'yes', 'no', 'strong', 'basic', 'bogus'], value: 'auto',
  description: 'parent stack protector')
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dhardening=none
r=$(meson_report "$T/b")
for l in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	grep -qx "$l=" "$r" || fail "hardening=none in the parent, yet $(grep "^$l=" "$r")"
done
report_expect "$r" pie "off -"
# Two independent cases in one setup: the parent's stack_protector, and
# b_sanitize.
CC=gcc meson_setup "$T/p" "$T/c" --buildtype=release -Dstack_protector=basic -Db_sanitize=address
r=$(meson_report "$T/c")
report_expect "$r" stack-protector "on basic"
report_key "$r" cflags | grep -q -- '-fstack-protector --param=ssp-buffer-size=4' || fail "no basic flags"
report_expect "$r" fortify-source "unsupported -"
[ "$(report_reason "$r" fortify-source)" = "not with sanitizers" ] || fail "reason: $(report_reason "$r" fortify-source)"
grep -q '_FORTIFY_SOURCE' "$r" && fail "fortify flags despite the sanitizer"
if CC=gcc meson setup "$T/d" "$T/p" -Dstack_protector=bogus >"$T/log3" 2>&1; then
	fail "stack_protector=bogus from the parent was accepted"
fi
grep -q "ERROR: .*harden: invalid value 'bogus' for stack-protector: use auto, yes, no, strong, basic$" "$T/log3" ||
	{ tail -n 5 "$T/log3"; fail "the driver's error is not shown"; }
echo ok
