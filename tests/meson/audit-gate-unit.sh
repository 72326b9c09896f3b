# The README's audit test, with the compile commands: a static library
# built without the dependency and linked into the hardened program fails
# the gate.  With debug info (debugoptimized) harden-audit judges every
# recorded unit (stack-protector partial, the unit named) although the
# program imports __stack_chk_fail; with none (release) the program's own
# compile commands are checked (--compile-commands, --objects-in: the
# library's escaped object is in the program's private directory only when
# it is the program's, so the library target is audited too).  A fully
# hardened program passes both.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
p=$T/p
mkdir -p "$p/subprojects"
meson_copy_subproject "$p/subprojects/harden"
meson_wrap_provide "$p"
two_units "$p"
cat >"$p/meson.build" <<'EOM'
project('unit', 'c', meson_version: '>=1.0.0', default_options: ['force_fallback_for=harden,harden-exe'])
harden_dep = dependency('harden')
harden_exe_dep = dependency('harden-exe')
plain = static_library('plain', 'b.c', c_args: ['-fno-stack-protector'])
good = executable('good', 'a.c', 'b.c', dependencies: harden_exe_dep)
mixed = executable('mixed', 'a.c', link_with: plain, dependencies: harden_exe_dep)
audit = find_program('harden-audit')
foreach t : [['good', good, []], ['mixed', mixed, [plain]]]
  objdirs = []
  foreach x : [t[1]] + t[2]
    objdirs += '--objects-in=' + x.full_path() + '.p'
  endforeach
  test(t[0] + '-audit', audit, depends: [t[1]] + t[2],
    args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''),
           '--compile-commands=' + meson.global_build_root() / 'compile_commands.json',
           '--report=' + harden_dep.get_variable('report')] + objdirs + [t[1].full_path()])
endforeach
EOM
for bt in debugoptimized release; do
	b=$T/b-$bt
	meson_setup "$p" "$b" --buildtype=$bt
	meson_build "$b"
	run "$b.good.log" meson test -C "$b" good-audit
	meson test -C "$b" mixed-audit >"$b.mixed.log" 2>&1 && fail "$bt: the audit of mixed passed"
	log=$(meson_test_log "$b" mixed-audit)
	echo "$log" | grep -q 'b.c: compiled without -fstack-protector-strong (stack-protector)' ||
		fail "$bt: the compile command of b.c is not named: $(echo "$log" | tail -n 8)"
done
meson_test_log "$T/b-debugoptimized" mixed-audit |
	grep -q 'stack-protector not proven: partial (imports __stack_chk_fail, but 1 of 2 recorded units lack stack-protector (-fstack-protector-strong): .*b.c)' ||
	fail "debugoptimized: no partial verdict naming b.c: $(meson_test_log "$T/b-debugoptimized" mixed-audit | tail -n 5)"
echo ok
