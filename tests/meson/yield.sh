#!/bin/sh
# The options yield: a parent with its own "hardening" and
# "stack_protector" options controls the subproject with -Dhardening=...
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
cat >"$T/p/meson_options.txt" <<'EOW'
option('hardening', type: 'combo', choices: ['none', 'standard', 'strict'], value: 'standard',
  description: 'parent hardening level')
option('stack_protector', type: 'combo',
  choices: ['auto', 'enabled', 'disabled', 'yes', 'no', 'strong', 'basic'], value: 'auto',
  description: 'parent stack protector')
EOW
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dhardening=none
for l in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	report "$T/b" | grep -qx "$l=" || fail "hardening=none in the parent, yet $(report "$T/b" | grep "^$l=")"
done
[ "$(state "$T/b" pie)" = off ] || fail "pie is $(state "$T/b" pie) with hardening=none"
CC=gcc setup "$T/p" "$T/c" --buildtype=release -Dstack_protector=basic
report "$T/c" | grep -q '^feature stack-protector on basic ' || fail "parent stack_protector=basic not applied"
report "$T/c" | grep -q '^cflags=.*-fstack-protector --param=ssp-buffer-size=4' || fail "no basic flags"
echo ok
