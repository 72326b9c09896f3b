#!/bin/sh
# The audit test of meson/README.md is a gate: in one parent, the hardened
# tally and libtally pass it, while a program linked with dependency('harden')
# and its own c_args/link_args -fno-PIE/-no-pie (behind the subproject's
# back: it detected PIE and expects it) fails it naming pie, and one linked
# with dependency('harden-exe') and c_args -fno-stack-protector fails it
# naming stack-protector; "meson test" as a whole fails.
# (Meson puts a dependency's link arguments after the target's, so -no-pie
# with harden-exe would be overridden by its -pie: hence harden here.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
tally_nopie = executable('tally-nopie', 'main.c', link_with: libtally,
  dependencies: harden_dep, c_args: ['-fno-PIE'], link_args: ['-no-pie'])
tally_nossp = executable('tally-nossp', 'main.c', link_with: libtally,
  dependencies: harden_exe_dep, c_args: ['-fno-stack-protector'])
test('audit good', find_program('harden-audit'), depends: [tally, libtally],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally.full_path(), libtally.full_path()])
test('audit nopie', find_program('harden-audit'), depends: [tally_nopie],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally_nopie.full_path()])
test('audit nossp', find_program('harden-audit'), depends: [tally_nossp],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally_nossp.full_path()])
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
expect=$(report_key "$(meson_report "$T/b")" audit_expect)
case ",$expect," in *,pie,*) ;; *) fail "pie is not expected (audit_expect=$expect)" ;; esac
case ",$expect," in *,stack-protector,*) ;; *) fail "stack-protector is not expected (audit_expect=$expect)" ;; esac
meson_build "$T/b"
# The targets really are what the test is about.
assert_hardened_pair "$T/b/tally" "$T/b/libtally.so"
[ "$(elf_type "$T/b/tally-nopie")" = EXEC ] || fail "tally-nopie is $(elf_type "$T/b/tally-nopie"), not EXEC: -no-pie did not apply"
elf_has_canary "$T/b/tally-nossp" && fail "tally-nossp has __stack_chk_fail: -fno-stack-protector did not apply"
elf_is_pie "$T/b/tally-nossp" || fail "tally-nossp is not PIE"
if meson test -C "$T/b" >"$T/test.log" 2>&1; then
	cat "$T/test.log"
	fail "meson test passed with a non-PIE program and one without canaries"
fi
# Each test on its own: the good one passes, each broken one fails for its
# feature and for nothing else.
meson test -C "$T/b" 'audit good' >"$T/good.log" 2>&1 || {
	cat "$T/good.log"; meson_test_log "$T/b" 'audit good'; fail "the audit of the hardened tally and libtally failed"
}
for t in nopie:pie nossp:stack-protector; do
	name=${t%%:*} feature=${t#*:}
	if meson test -C "$T/b" "audit $name" >"$T/$name.log" 2>&1; then
		meson_test_log "$T/b" "audit $name"
		fail "the audit of tally-$name passed"
	fi
	meson_test_log "$T/b" "audit $name" >"$T/$name.testlog"
	grep -q '^result: *exit status 1$' "$T/$name.testlog" || { cat "$T/$name.testlog"; fail "audit $name: not exit status 1 (missing feature)"; }
	grep 'not proven' "$T/$name.testlog" >"$T/$name.missing"
	grep -Eq "/tally-$name: $feature not proven: (no|unknown) " "$T/$name.missing" ||
		{ cat "$T/$name.testlog"; fail "audit $name does not name $feature"; }
	[ "$(wc -l <"$T/$name.missing")" -eq 1 ] || { cat "$T/$name.missing"; fail "audit $name names more than $feature"; }
done
echo ok
