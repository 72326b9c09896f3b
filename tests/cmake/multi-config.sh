#!/bin/sh
# Ninja Multi-Config with its default configurations (Debug, Release,
# RelWithDebInfo) and the example's C++ programs: each language in each
# configuration is probed with its own flags, at the same time (one step),
# into its own report.  Release gets fortify-source (its -O3) where Debug's
# -O0 cannot: Release's compile lines (C and C++) carry -D_FORTIFY_SOURCE=3
# and its program imports __*_chk functions, Debug's lines have no
# -D_FORTIFY_SOURCE and its program none; every compile line carries the
# flags of its language's report for its configuration and none of the
# other language's; the summary shows Debug apart from Release and
# RelWithDebInfo; the audit test of each configuration (harden-audit
# built by the module for that configuration) expects what that
# configuration proved and passes on the C and the C++ programs.  A
# reconfigure runs no compiler.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc g++ ninja readelf

counting_gcc "$T/cc"
b=$T/build
CC=$T/cc CXX=g++ cmake_configure "$b" "$EXAMPLE" -G "Ninja Multi-Config" -DTALLY_CXX=ON
[ -e "$b/harden-report.txt" ] && fail "a single-config report with configurations"
for c in debug release relwithdebinfo; do
	for r in harden-report-$c harden-report-cxx-$c; do
		[ -f "$b/$r.txt" ] || fail "no $r.txt"
	done
	report_expect "$b/harden-report-$c.txt" stack-protector "on strong"
	[ "$(report_key "$b/harden-report-$c.txt" audit_expect)" = "$(audit_expect_want "$b/harden-report-$c.txt")" ] ||
		fail "$c: audit_expect is not what the report proves"
done
report_expect "$b/harden-report-release.txt" fortify-source "on 3"
report_expect "$b/harden-report-relwithdebinfo.txt" fortify-source "on 3"
report_expect "$b/harden-report-debug.txt" fortify-source "unsupported -"
report_expect "$b/harden-report-cxx-release.txt" fortify-source "on 3"
report_expect "$b/harden-report-cxx-debug.txt" fortify-source "unsupported -"
grep -q '^-- Probing hardening flags (Debug C, Release C, RelWithDebInfo C, Debug C++, Release C++, RelWithDebInfo C++) - done (Debug C: [0-9]*, Release C: [0-9]*, RelWithDebInfo C: [0-9]*, Debug C++: [0-9]*, Release C++: [0-9]*, RelWithDebInfo C++: [0-9]* compiler runs)$' \
	"$b.configure.log" || fail "not one probing step for the six: $(grep Probing "$b.configure.log")"
# The summary counts what each report enabled: Release one more (fortify).
on_debug=$(report_key "$b/harden-report-debug.txt" enabled | wc -w)
on_release=$(report_key "$b/harden-report-release.txt" enabled | wc -w)
[ "$on_release" -eq $((on_debug + 1)) ] || fail "Release enables $on_release features, Debug $on_debug"
grep -q "^-- Hardening C in Debug (level standard) - $on_debug features present\$" "$b.configure.log" || fail "no Debug summary"
grep -q "^-- Hardening C in Release, RelWithDebInfo (level standard) - $on_release features present\$" "$b.configure.log" ||
	fail "no summary of Release and RelWithDebInfo"

keys="cppflags cflags exe_cflags"
for c in Release Debug; do
	run "$b.$c.log" cmake --build "$b" --config "$c" -v
	lc=$(echo "$c" | tr A-Z a-z)
	assert_line_flags "$c words.cc" "$(build_line "$b.$c.log" ' -c [^ ]*/words\.cc$')" \
		"$b/harden-report-cxx-$lc.txt" "$b/harden-report-$lc.txt" $keys
	assert_line_flags "$c main.c" "$(build_line "$b.$c.log" ' -c [^ ]*/main\.c$')" \
		"$b/harden-report-$lc.txt" "$b/harden-report-cxx-$lc.txt" $keys
done
main=' -c [^ ]*/main\.c$'
build_line "$b.Release.log" "$main" | grep -q -- ' -O3 .* -D_FORTIFY_SOURCE=3 ' || fail "Release's line has no fortify"
build_line "$b.Release.log" ' -c [^ ]*/words\.cc$' | grep -q -- ' -D_FORTIFY_SOURCE=3 ' || fail "Release's C++ line has no fortify"
grep -q -- '-D_FORTIFY_SOURCE' "$b.Debug.log" && fail "-D_FORTIFY_SOURCE on a Debug line: $(grep -- -D_FORTIFY_SOURCE "$b.Debug.log")"
build_line "$b.Debug.log" "$main" | grep -q -- ' -fstack-protector-strong ' || fail "Debug's line lost the canary"
assert_hardened_library "$b/Release/libtally.so"
for p in tally words tallyxx; do
	assert_hardened_program "$b/Release/$p"
	elf_is_pie "$b/Debug/$p" || fail "Debug's $p is not PIE"
	elf_has_now "$b/Debug/$p" || fail "Debug's $p has no BIND_NOW"
done
elf_has_chk "$b/Release/tally" || fail "no __*_chk call in the Release program"
elf_has_chk "$b/Debug/tally" && fail "fortified calls in the Debug program"
elf_has_canary "$b/Debug/tally" || fail "no canary in the Debug program"
for c in Release Debug; do
	lc=$(echo "$c" | tr A-Z a-z)
	config_audit_passes "$b" tally-audit $c "$b/harden-report-$lc.txt"
	# The C and C++ programs: the features both reports prove.
	e=$(report_key "$b/harden-report-$lc.txt" audit_expect)
	x=$(report_key "$b/harden-report-cxx-$lc.txt" audit_expect)
	[ "$e" = "$x" ] || note "C and C++ expectations differ in $c: $e / $x"
	grep -q "Test command: [^ ]*/harden-audit \"--expect\" \"$e\" .*\"$b/$c/words\" \"$b/$c/tallyxx\"" "$b.tally-audit-$c.log" ||
		fail "$c: not --expect $e on $c's words and tallyxx: $(grep 'Test command' "$b.tally-audit-$c.log")"
done
grep -q 'fortify-source' "$b.tally-audit-Debug.log" && grep -q '"--expect" "[^"]*fortify' "$b.tally-audit-Debug.log" &&
	fail "Debug's audit expects fortify-source"
run "$b.ctest-Release.log" ctest --test-dir "$b" -C Release
grep -q '100% tests passed' "$b.ctest-Release.log" || fail "ctest -C Release failed"

cp "$T/cc.runs" "$T/runs1"
run "$T/re.log" cmake "$b"
cmp -s "$T/cc.runs" "$T/runs1" || fail "a reconfigure ran the compiler"
grep -q 'Probing hardening flags' "$T/re.log" && fail "the probe step ran again"
grep -q '^--   fortify-source - on: 3: .* (cached)$' "$T/re.log" || fail "the summary is not marked cached"
[ "$(report_key "$b/harden-report-release.txt" runs)" = 0 ] || fail "cached Release report: runs is not 0"
exit 0
