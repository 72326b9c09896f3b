#!/bin/sh
# The flags are dependency variables (for custom targets), equal to the
# lines of harden-report.txt, on both dependencies.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
lines = []
foreach d : [harden_dep, harden_exe_dep]
  foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'enabled', 'audit_expect']
    lines += v + '=' + d.get_variable(v, default_value: '')
  endforeach
endforeach
conf = configuration_data()
conf.set('V', '\n'.join(lines))
configure_file(input: 'vars.in', output: 'vars.txt', configuration: conf)
message('cflags variable: ' + harden_dep.get_variable('cflags'))
EOW
echo '@V@' >"$T/p/vars.in"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
report "$T/b" | sed -n 1,7p >"$T/want"
sed -n 1,7p "$T/b/vars.txt" >"$T/got1"
sed -n 8,14p "$T/b/vars.txt" >"$T/got2"
diff "$T/want" "$T/got1" || fail "harden variables differ from the report"
diff "$T/want" "$T/got2" || fail "harden-exe variables differ from the report"
grep -q '^cflags=.*-fstack-protector-strong' "$T/b/vars.txt" || fail "cflags variable lacks the stack protector"
grep -q '^exe_ldflags=-pie$' "$T/b/vars.txt" || fail "exe_ldflags variable is not -pie"
grep -q '^audit_expect=.*pie' "$T/b/vars.txt" || fail "audit_expect variable lacks pie"
echo ok
