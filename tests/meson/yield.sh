#!/bin/sh
# The options yield: a parent with its own "hardening" and
# "stack_protector" options controls the subproject with -Dhardening=...
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
cat >"$T/p/meson_options.txt" <<'EOW'
option('hardening', type: 'combo', choices: ['none', 'standard', 'strict'], value: 'standard',
  description: 'parent hardening level')
option('stack_protector', type: 'combo',
  choices: ['auto', 'enabled', 'disabled', 'yes', 'no', 'strong', 'basic'], value: 'auto',
  description: 'parent stack protector')
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dhardening=none
r=$(meson_report "$T/b")
for l in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	grep -qx "$l=" "$r" || fail "hardening=none in the parent, yet $(grep "^$l=" "$r")"
done
report_expect "$r" pie "off -"
CC=gcc meson_setup "$T/p" "$T/c" --buildtype=release -Dstack_protector=basic
r=$(meson_report "$T/c")
report_expect "$r" stack-protector "on basic"
report_key "$r" cflags | grep -q -- '-fstack-protector --param=ssp-buffer-size=4' || fail "no basic flags"
echo ok
