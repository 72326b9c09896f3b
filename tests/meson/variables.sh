#!/bin/sh
# The flags are dependency variables (for custom targets), equal to the
# lines of harden-report.txt, on both dependencies, read with
# default_value: '' as meson/README.md says; level and version too, and
# report, the path of the report.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
lines = []
foreach d : [harden_dep, harden_exe_dep]
  foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'enabled', 'audit_expect', 'level', 'version']
    lines += v + '=' + d.get_variable(v, default_value: '')
  endforeach
endforeach
conf = configuration_data()
conf.set('V', '\n'.join(lines) + '\nreport=' + harden_dep.get_variable('report'))
configure_file(input: 'vars.in', output: 'vars.txt', configuration: conf)
EOW
echo '@V@' >"$T/p/vars.in"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
r=$(meson_report "$T/b")
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect level; do
	echo "$k=$(report_key "$r" $k)"
done >"$T/want"
echo "version=$(cat "$S/VERSION")" >>"$T/want"
sed -n 1,9p "$T/b/vars.txt" >"$T/got1"
sed -n 10,18p "$T/b/vars.txt" >"$T/got2"
diff "$T/want" "$T/got1" || fail "harden variables differ from the report"
diff "$T/want" "$T/got2" || fail "harden-exe variables differ from the report"
grep -q '^cflags=.*-fstack-protector-strong' "$T/b/vars.txt" || fail "cflags variable lacks the stack protector"
grep -q '^exe_ldflags=-pie$' "$T/b/vars.txt" || fail "exe_ldflags variable is not -pie"
grep -q '^audit_expect=.*pie' "$T/b/vars.txt" || fail "audit_expect variable lacks pie"
grep -qx 'level=standard' "$T/b/vars.txt" || fail "level variable is not standard"
grep -qx "report=$r" "$T/b/vars.txt" || fail "report variable is not $r: $(grep '^report=' "$T/b/vars.txt")"
echo ok
