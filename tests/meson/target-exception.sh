# The option except of the subproject (issue 33, Meson):
# -Dharden:except=['interp:stack-protector fortify-source=2:REASON'] makes
# the dependencies harden-except-interp (-exe, -lib; -c, -c-exe, -c-lib of
# the language alone: here the same) of the driver's run with --except and
# --reason:
# * the summary has a section per language with the excepted features and
#   the reason, and harden-except-interp.txt is the exception's report;
# * interp (harden-except-interp-exe) has no canary and fortify level 2 (a
#   checked strcpy of a fixed buffer), PIE and full RELRO; prog
#   (harden-exe) keeps the canary;
# * the audit test with --expect-for interp=<its audit_expect> passes, and
#   one of interp_nopie (the same exception, built with -fno-PIE -no-pie)
#   fails naming pie;
# * a target's own c_args -D_FORTIFY_SOURCE=2 with werror=true: after
#   harden-exe's =3 it is a redefinition, an error; with the exception
#   own:fortify-source=2 (meson/README.md) the definitions agree and it
#   builds, checked at level 2;
# * a bad exception stops the setup with what is valid: an unknown
#   feature, no reason, no feature, a NAME that is no name, NAME twice;
#   a NAME that no dependency() asks for is said at the end of the setup.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
p=$T/p
mkdir -p "$p/subprojects" || exit 99
meson_copy_subproject "$p/subprojects/harden"
cat >"$p/subprojects/harden.wrap" <<'EOF'
[wrap-file]
directory = harden

[provide]
dependency_names = harden, harden-exe
EOF
# The source of tests/autoconf/except: a strcpy into a fixed buffer.
cp "$S/tests/autoconf/except/m.c" "$p/" || exit 99
cat >"$p/meson.build" <<'EOF'
project('parent', 'c', meson_version: '>=1.0.0')
harden_exe = dependency('harden-exe')
# After the subproject is set up: its exceptions' dependencies are known.
interp_dep = dependency('harden-except-interp-exe')
# One language's dependency of the exception: in a C parent, the same flags.
foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'audit_expect']
  assert(dependency('harden-except-interp-c-exe').get_variable(v, default_value: '') ==
    interp_dep.get_variable(v, default_value: ''), 'harden-except-interp-c-exe: ' + v)
endforeach
prog = executable('prog', 'm.c', dependencies: harden_exe)
interp = executable('interp', 'm.c', dependencies: interp_dep)
# Meson puts a dependency's arguments after the target's: harden-except-interp
# (no PIE flags) and the target's -no-pie lose PIE.
interp_nopie = executable('interp_nopie', 'm.c', dependencies: dependency('harden-except-interp'),
  c_args: '-fno-PIE', link_args: '-no-pie')
# The target's own fortify level (werror=true): as an exception, and not.
own = executable('own', 'm.c', dependencies: dependency('harden-except-own-exe'),
  c_args: '-D_FORTIFY_SOURCE=2', override_options: ['werror=true'])
own_plain = executable('own_plain', 'm.c', dependencies: harden_exe,
  c_args: '-D_FORTIFY_SOURCE=2', override_options: ['werror=true'], build_by_default: false)
audit = find_program('harden-audit')
expect = '--expect=' + harden_exe.get_variable('audit_expect', default_value: '')
iexpect = interp_dep.get_variable('audit_expect', default_value: '')
foreach name, exe : {'kept': interp, 'nopie': interp_nopie}
  test(name, audit, depends: [prog, exe],
    args: [expect, '--expect-for', exe.full_path() + '=' + iexpect, prog.full_path(), exe.full_path()])
endforeach
EOF
why="reads its own stack, with a plain copy"
b=$T/b
CC=gcc meson_setup "$p" "$b" -Dbuildtype=release \
	"-Dharden:except=['interp:stack-protector fortify-source=2:$why', 'own:fortify-source=2:the project\'s own level']"
grep -q "Hardening exception of interp (C)" "$b.log" || fail "no exception section in the summary"
grep -Eq "^ +stack-protector +: off exception: $why: -fno-stack-protector\$" "$b.log" || fail "summary: $(grep -A3 'exception of interp' "$b.log")"
grep -q 'no dependency(.harden-except-' "$b.log" && fail "an exception in use said unused: $(grep 'no dependency' "$b.log")"
grep -Eq "^ +fortify-source +: on 2: -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2; exception: $why\$" "$b.log" ||
	fail "summary: $(grep -A3 'exception of interp' "$b.log")"
r=$b/subprojects/harden/harden-except-interp.txt
[ "$(report_reason "$r" stack-protector)" = "exception: $why" ] || fail "harden-except-interp.txt: $(report_reason "$r" stack-protector)"
meson_build "$b"
elf_has_canary "$b/prog" || fail "prog has no canary"
elf_has_canary "$b/interp" && fail "interp has a canary"
elf_has_sym "$b/interp" __strcpy_chk || fail "interp has no checked strcpy (fortify 2)"
elf_has_sym "$b/own" __strcpy_chk || fail "own has no checked strcpy (fortify 2)"
ninja -C "$b" own_plain >"$T/own_plain.log" 2>&1 && fail "own_plain: a redefined _FORTIFY_SOURCE built with werror"
grep -q '"_FORTIFY_SOURCE" redefined' "$T/own_plain.log" || fail "own_plain: $(tail -n 3 "$T/own_plain.log")"
elf_is_pie "$b/interp" && elf_has_relro "$b/interp" && elf_has_now "$b/interp" || fail "interp lost more than its canary"
(cd "$b" && meson test kept >kept.out 2>&1) || fail "the audit test fails the exception: $(cat "$b/meson-logs/testlog.txt")"
(cd "$b" && meson test nopie >nopie.out 2>&1) && fail "the audit test passes interp_nopie"
grep -q 'interp_nopie: pie not proven' "$b/meson-logs/testlog.txt" || fail "nopie: $(cat "$b/meson-logs/testlog.txt")"
[ "$(grep -c 'not proven' "$b/meson-logs/testlog.txt")" = 1 ] || fail "more than pie: $(grep 'not proven' "$b/meson-logs/testlog.txt")"

# Bad exceptions (the probes of the project are cached).
bad() {
	meson setup --reconfigure "$b" "$p" "-Dharden:except=['$1']" >"$T/bad.log" 2>&1 && fail "accepted: $1"
	grep -qF -- "$2" "$T/bad.log" || fail "$1: $(grep -i error "$T/bad.log")"
}
bad 'interp:stack-protectr:x' "harden: except=interp:stack-protectr:x: --except=stack-protectr: no feature stack-protectr (features: stack-protector, fortify-source,"
bad 'interp:stack-protector: ' 'harden: except=interp:stack-protector: : a REASON is required: why interp goes without it'
bad 'interp::x' 'harden: except=interp::x: name the features interp goes without (features: stack-protector, fortify-source,'
bad 'my prog:pie:x' 'harden: except=my prog:pie:x: a NAME of letters, digits, - and _ first'
meson setup --reconfigure "$b" "$p" "-Dharden:except=['a:pie:x', 'a:relro:y']" >"$T/bad.log" 2>&1 && fail "NAME twice accepted"
grep -qF 'harden: except=a:relro:y: a second exception of a' "$T/bad.log" || fail "twice: $(grep -i error "$T/bad.log")"
# A NAME no dependency() asks for (misspelt): said once the parent's
# configuration is done (Meson 1.0 does not stop on it).
meson setup --reconfigure "$b" "$p" "-Dharden:except=['interp:stack-protector:$why', 'own:fortify-source=2:x', 'interpp:pie:x']" >"$T/unused.log" 2>&1
grep -qF "harden: except=interpp:...: no dependency('harden-except-interpp') (or -exe, -lib, -c, -cpp) in the parent" "$T/unused.log" ||
	fail "an unused exception: $(tail -n 5 "$T/unused.log")"
grep -q -e "except=interp:" -e "except=own:" "$T/unused.log" && fail "an exception in use said unused"
echo ok
