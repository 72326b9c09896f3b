#!/bin/sh
# gcc at the standard level, release build, the subproject copied into
# subprojects/harden (the files of meson/dist.sh --list) with a wrap that
# only provides the dependencies: one setup and one build of a parent with
# every use of the dependencies the cases below read, then changes in the
# same build directory.
#  * Both dependencies come from the subproject; the program is PIE with
#    canaries, fortified calls, full RELRO and an NX stack, the library the
#    same but PIE and not linked with -pie; the six features are on.
#  * b_pie is false: configuration says programs are PIE through
#    dependency('harden-exe').
#  * as-needed is Meson's (b_asneeded, state project): once on each link.
#  * Batched probing: $standard_runs compiler runs (catalog/README.md "Cost"), in the
#    report, the summary and harden-probe.log.
#  * harden-report.txt is the driver's report, verbatim, well formed, and
#    the summary shows every feature, the level and the runs.
#  * The flags are dependency variables equal to the report's lines, on
#    both dependencies; level, version and report too.
#  * audit_expect is the same in the report, the variables and the catalog,
#    and the audit test of meson/README.md passes on tally and libtally.
#  * The audit test is a gate: a program linked with -no-pie behind the
#    subproject's back fails it naming pie alone, one with
#    -fno-stack-protector naming stack-protector alone; meson test fails.
#  * Harden's fortify level 3 reaches a library (__strcpy_chk), the control
#    of distro-flags.sh.
#  * readelf from a machine file: llvm-readelf gives the same report; a
#    readelf that fails leaves every sym:/elf: feature unsupported while the
#    asm features stay on.
#  * The probe results are cached: a reconfigure runs no compiler and gives
#    the same report; an option changed with meson configure probes again
#    and ninja rebuilds (stack_protector=disabled takes the canaries out)
#    and settles; a changed c_args probes again (-O0: fortify unsupported).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf llvm-readelf
p=$T/p b=$T/b
meson_parent_with_copy "$p"
[ -x "$p/subprojects/harden/catalog/harden-flags" ] || fail "catalog/harden-flags is not in the copy, or not executable"
meson_add_audit_test "$p"
meson_add_variable_messages "$p"
fortify_level_source "$p/level.c"
# The gate's broken programs (Meson puts a dependency's link arguments
# after the target's, so -no-pie with harden-exe would be overridden by its
# -pie: hence harden), and the variables as a file.
cat >>"$p/meson.build" <<'EOW'
shared_library('level', 'level.c', dependencies: harden_dep)
tally_nopie = executable('tally-nopie', 'main.c', link_with: libtally,
  dependencies: harden_dep, c_args: ['-fno-PIE'], link_args: ['-no-pie'])
tally_nossp = executable('tally-nossp', 'main.c', link_with: libtally,
  dependencies: harden_exe_dep, c_args: ['-fno-stack-protector'])
test('audit nopie', find_program('harden-audit'), depends: [tally_nopie],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally_nopie.full_path()])
test('audit nossp', find_program('harden-audit'), depends: [tally_nossp],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally_nossp.full_path()])
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
echo '@V@' >"$p/vars.in"
CC=gcc meson_setup "$p" "$b" --buildtype=release
r=$(meson_report "$b")

# What setup says.
grep -q "PIE only when linked with dependency('harden-exe') or dependency('harden-c-exe') (b_pie is false)" "$b.log" ||
	fail "no message about b_pie=false"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(report_state "$r" $f)" = on ] || fail "$f is not on: $(grep "^feature $f " "$r")"
done

# Probe cost (the count is for x86_64: everything but branch-protection).
if [ "$(uname -m)" = x86_64 ]; then
	report_expect "$r" format-security "on yes"
	[ "$(report_key "$r" runs)" = "$standard_runs" ] || fail "runs=$(report_key "$r" runs), want $standard_runs"
	grep -q "probe runs *: $standard_runs compiler runs$" "$b.log" || fail "the summary does not show $standard_runs compiler runs"
	# Compiles name the catalog's programs, assemblies and links the
	# scratch directory's assembly and objects (a link may end with the
	# libraries a proof needs, -lm for as-needed).
	m=$(grep -c '^harden-flags: gcc .*\(catalog/\(probe\|traits\)\.c\|/b[0-9_a-z]*\.s\|/b[0-9]*\.o\( -l[a-z]*\)*\)$' "$b/subprojects/harden/harden-probe.log")
	[ "$m" = "$standard_runs" ] || fail "$m compiler commands in harden-probe.log, want $standard_runs"
fi

# The report format.  buildtype=release is -O3 without -g.
# Meson's own -Wl,--as-needed (b_asneeded) is the probes' and the project's.
sh "$S/catalog/harden-flags" CC=gcc CPPFLAGS= CFLAGS=-O3 LDFLAGS=-Wl,--as-needed READELF="$(command -v readelf)" \
	--project=b_asneeded --project-flags=-Wl,--as-needed >"$T/want" || fail "harden-flags failed"
diff "$T/want" "$r" || fail "harden-report.txt is not the driver's report"
printf '%s\n' version level runs traits cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect >"$T/keys"
sed -n '1,12s/=.*//p' "$r" | diff "$T/keys" - || fail "the first twelve lines are not the report's keys"
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/features"
awk '$1 == "feature" { print $2 }' "$r" | diff "$T/features" - || fail "feature lines differ from the catalog"
awk '
	$1 != "feature" { next }
	NF < 5 { print "bad line: " $0; bad = 1 }
	# on: a value; a reason only for a marking row'"'"'s "not enforced".
	$3 == "on" && ($4 == "-" || ($5 != "-" && $0 !~ / not enforced: /)) { print "bad on line: " $0; bad = 1 }
	$3 != "on" && $3 != "off" && $3 != "unsupported" && $3 != "builder" && $3 != "project" { print "bad state: " $0; bad = 1 }
	($3 == "off" || $3 == "unsupported") && ($4 != "-" || $5 == "-") { print "bad line: " $0; bad = 1 }
	END { exit bad }' "$r" || fail "malformed feature lines"
want=$(awk '$1 == "feature" && ($3 == "on" || $3 == "project") { printf "%s%s=%s", sep, $2, $4; sep = " " }' "$r")
[ "$(report_key "$r" enabled)" = "$want" ] || fail "enabled= is not the on features: $want"
want=$(audit_expect_want "$r")
[ -n "$want" ] || fail "no feature with an audit row is on"
[ "$(report_key "$r" audit_expect)" = "$want" ] || fail "audit_expect= is not the on features with an audit row: $want"
while read -r f; do
	entry="$(report_state "$r" "$f") $(sed -n "s/^detail $f //p" "$r")"
	awk -v f="$f" -v e="$entry" '
		{ k = $0; sub(/^ */, "", k); sub(/ *: .*/, "", k); v = substr($0, index($0, ": ") + 2) }
		k == f && v == e { found = 1 }
		END { exit !found }' "$b.log" || fail "summary lacks '$f: $entry'"
done <"$T/features"
grep -q "^    level  *: standard$" "$b.log" || fail "summary lacks the level"
grep -q "^    probe runs  *: $(report_key "$r" runs) compiler runs$" "$b.log" || fail "summary lacks the probe runs"

# The variables (vars.txt: those of harden, then of harden-exe, then report).
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect level; do
	echo "$k=$(report_key "$r" $k)"
done >"$T/want-vars"
echo "version=$(cat "$S/VERSION")" >>"$T/want-vars"
sed -n 1,9p "$b/vars.txt" | diff "$T/want-vars" - || fail "harden variables differ from the report"
sed -n 10,18p "$b/vars.txt" | diff "$T/want-vars" - || fail "harden-exe variables differ from the report"
grep -q '^cflags=.*-fstack-protector-strong' "$b/vars.txt" || fail "cflags variable lacks the stack protector"
grep -q '^exe_ldflags=-pie$' "$b/vars.txt" || fail "exe_ldflags variable is not -pie"
grep -q '^audit_expect=.*pie' "$b/vars.txt" || fail "audit_expect variable lacks pie"
grep -qx 'level=standard' "$b/vars.txt" || fail "level variable is not standard"
grep -qx "report=$r" "$b/vars.txt" || fail "report variable is not $r: $(grep '^report=' "$b/vars.txt")"

# as-needed is Meson's (b_asneeded): the summary says so, and each link
# line has Meson's -Wl,--as-needed, not a second one of harden's.
report_expect "$r" as-needed "project yes"
grep -q '^    as-needed  *: project set by b_asneeded (-Wl,--as-needed); present$' "$b.log" ||
	fail "the summary does not say as-needed is b_asneeded's: $(grep as-needed "$b.log")"
ninja -C "$b" -t commands | grep -E -e '-o (tally|liblevel\.so) ' >"$T/links"
[ "$(wc -l <"$T/links")" = 2 ] || fail "no link lines of tally and liblevel.so: $(cat "$T/links")"
while read -r l; do
	[ "$(printf '%s\n' $l | grep -c -x -e -Wl,--as-needed)" = 1 ] || fail "-Wl,--as-needed not once: $l"
done <"$T/links"

# The build (meson_check_way: both dependencies from the subproject).
meson_check_way "$b"
elf_has_sym "$b/liblevel.so" __strcpy_chk || fail "no __strcpy_chk at harden's fortify level"

# audit_expect and the audit test.
if [ "$(uname -m)" = x86_64 ]; then
	meson_audit_expect_check "$b" stack-protector,fortify-source,pie,relro,bind-now,noexecstack
else
	meson_audit_expect_check "$b" "$(audit_expect_want "$r")"
fi

# The gate: the targets really are what it is about; meson test as a whole
# fails; each broken program fails for its feature and nothing else.
expect=$(report_key "$r" audit_expect)
case ",$expect," in *,pie,*) ;; *) fail "pie is not expected (audit_expect=$expect)" ;; esac
case ",$expect," in *,stack-protector,*) ;; *) fail "stack-protector is not expected (audit_expect=$expect)" ;; esac
[ "$(elf_type "$b/tally-nopie")" = EXEC ] || fail "tally-nopie is $(elf_type "$b/tally-nopie"), not EXEC: -no-pie did not apply"
elf_has_canary "$b/tally-nossp" && fail "tally-nossp has __stack_chk_fail: -fno-stack-protector did not apply"
elf_is_pie "$b/tally-nossp" || fail "tally-nossp is not PIE"
if meson test -C "$b" >"$T/test.log" 2>&1; then
	cat "$T/test.log"
	fail "meson test passed with a non-PIE program and one without canaries"
fi
for t in nopie:pie nossp:stack-protector; do
	name=${t%%:*} feature=${t#*:}
	meson_test_log "$b" "audit $name" >"$T/$name.testlog"
	grep -q '^result: *exit status 1$' "$T/$name.testlog" || { cat "$T/$name.testlog"; fail "audit $name: not exit status 1 (missing feature)"; }
	grep 'not proven' "$T/$name.testlog" >"$T/$name.missing"
	grep -Eq "/tally-$name: $feature not proven: (no|unknown) " "$T/$name.missing" ||
		{ cat "$T/$name.testlog"; fail "audit $name does not name $feature"; }
	[ "$(wc -l <"$T/$name.missing")" -eq 1 ] || { cat "$T/$name.missing"; fail "audit $name names more than $feature"; }
done

# readelf from a machine file.
printf "[binaries]\nreadelf = 'llvm-readelf'\n" >"$T/llvm.ini"
printf "[binaries]\nreadelf = 'false'\n" >"$T/false.ini"
CC=gcc meson_setup "$p" "$T/llvm" --buildtype=release --native-file "$T/llvm.ini"
grep -q "READELF=[^ ]*/llvm-readelf " "$T/llvm/meson-logs/meson-log.txt" || fail "llvm-readelf was not given to harden-flags"
grep -q '^harden-flags: [^ ]*/llvm-readelf -W' "$T/llvm/subprojects/harden/harden-probe.log" || fail "llvm-readelf was not used"
diff "$r" "$(meson_report "$T/llvm")" || fail "llvm-readelf and GNU readelf give different results"
CC=gcc meson_setup "$p" "$T/none" --buildtype=release --native-file "$T/false.ini"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	report_expect "$(meson_report "$T/none")" $f "unsupported -"
done
report_expect "$(meson_report "$T/none")" stack-clash-protection "on yes"

# The cache: a reconfigure with unchanged inputs.
[ -f "$b/subprojects/harden/harden-cache.txt" ] || fail "no harden-cache.txt"
[ "$(report_key "$r" runs)" -gt 0 ] || fail "the first configure ran no compiler"
grep -v '^runs=' "$r" >"$T/first"
run "$T/re.log" meson setup --reconfigure "$b" "$p"
[ "$(report_key "$r" runs)" = 0 ] || fail "the reconfigure ran the compiler $(report_key "$r" runs) times"
grep -q "probe runs *: 0 compiler runs$" "$T/re.log" || fail "the summary does not show 0 compiler runs"
grep -v '^runs=' "$r" | diff "$T/first" - || fail "the cached report differs"
# An option changed in the build directory: ninja probes again and rebuilds.
elf_has_canary "$b/tally" || fail "no canary before the change"
run "$T/conf.log" meson configure "$b" -Dharden:stack_protector=disabled
meson_build "$b"
elf_has_canary "$b/tally" && fail "canary still there after stack_protector=disabled"
report_expect "$r" stack-protector "off -"
ninja -C "$b" >"$T/again.log" 2>&1 || fail "ninja failed"
grep -q 'no work to do' "$T/again.log" || { cat "$T/again.log"; fail "the build does not settle"; }
# The user's c_args take part in the probe (meson configure: Meson 1.0's
# setup --reconfigure ignores -Dc_args): -O0 makes fortify unsupported.
run "$T/conf2.log" meson configure "$b" -Dc_args=-O0
run "$T/re2.log" meson setup --reconfigure "$b" "$p"
[ "$(report_key "$r" runs)" -gt 0 ] || fail "changing c_args did not probe again"
report_expect "$r" fortify-source "unsupported -"
echo ok
