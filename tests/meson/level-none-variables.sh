#!/bin/sh
# At hardening=none every list is empty: Meson 1.0 refuses empty variable
# values, so the subproject leaves them out, and every one of them reads as
# '' with default_value: '' (meson/README.md) on both dependencies, the
# audit test included; level is "none".
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
meson_add_audit_test "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
foreach d : [harden_dep, harden_exe_dep]
  foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'enabled', 'audit_expect']
    message('variable @0@=[@1@]'.format(v, d.get_variable(v, default_value: '')))
  endforeach
  message('variable level=[@0@]'.format(d.get_variable('level')))
endforeach
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:hardening=none
r=$(meson_report "$T/b")
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	[ -z "$(report_key "$r" $k)" ] || fail "$k=$(report_key "$r" $k) at hardening=none"
	[ "$(grep -c "^Message: variable $k=\[\]$" "$T/b.log")" = 2 ] ||
		fail "$k: $(grep "variable $k=" "$T/b.log"), want [] on both dependencies"
done
[ "$(grep -c '^Message: variable level=\[none\]$' "$T/b.log")" = 2 ] || fail "level: $(grep 'variable level=' "$T/b.log")"
meson_build "$T/b"
run "$T/test.log" meson test -C "$T/b" hardening
meson_test_log "$T/b" hardening | grep -q "^command: .*harden-audit --expect= $T/b/tally $T/b/libtally\.so$" ||
	{ meson_test_log "$T/b" hardening; fail "the audit test did not run with --expect="; }
echo ok
