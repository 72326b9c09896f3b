#!/bin/sh
# Ninja Multi-Config with its default configurations (Debug, Release,
# RelWithDebInfo): each is probed with its own flags, at the same time, into
# its own report.  Release gets fortify-source (its -O3) where Debug's -O0
# cannot: Release's compile lines carry -D_FORTIFY_SOURCE=3 and its program
# imports __*_chk functions, Debug's lines have no -D_FORTIFY_SOURCE and
# its program none; the summary shows Debug apart from Release and
# RelWithDebInfo; the audit test of each configuration expects what that
# configuration proved and passes.  A reconfigure runs no compiler.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

cat >"$T/cc" <<EOT
#!/bin/sh
echo "\$*" >>"$T/cc.runs"
exec gcc "\$@"
EOT
chmod +x "$T/cc"
b=$T/build
CC=$T/cc cmake_configure "$b" "$EXAMPLE" -G "Ninja Multi-Config"
[ -e "$b/harden-report.txt" ] && fail "a single-config report with configurations"
for c in debug release relwithdebinfo; do
	report_expect "$b/harden-report-$c.txt" stack-protector "on strong"
	[ "$(report_key "$b/harden-report-$c.txt" audit_expect)" = "$(audit_expect_want "$b/harden-report-$c.txt")" ] ||
		fail "$c: audit_expect is not what the report proves"
done
report_expect "$b/harden-report-release.txt" fortify-source "on 3"
report_expect "$b/harden-report-relwithdebinfo.txt" fortify-source "on 3"
report_expect "$b/harden-report-debug.txt" fortify-source "unsupported -"
grep -q '^-- Probing hardening flags (Debug C, Release C, RelWithDebInfo C) - done (Debug C: [0-9]*, Release C: [0-9]*, RelWithDebInfo C: [0-9]* compiler runs)$' \
	"$b.configure.log" || fail "not one probing step for the three configurations"
# The summary counts what each report enabled: Release one more (fortify).
on_debug=$(report_key "$b/harden-report-debug.txt" enabled | wc -w)
on_release=$(report_key "$b/harden-report-release.txt" enabled | wc -w)
[ "$on_release" -eq $((on_debug + 1)) ] || fail "Release enables $on_release features, Debug $on_debug"
grep -q "^-- Hardening C in Debug (level standard) - $on_debug features present\$" "$b.configure.log" || fail "no Debug summary"
grep -q "^-- Hardening C in Release, RelWithDebInfo (level standard) - $on_release features present\$" "$b.configure.log" ||
	fail "no summary of Release and RelWithDebInfo"

for c in Release Debug; do
	run "$b.$c.log" cmake --build "$b" --config "$c" -v
done
main=' -c [^ ]*/main\.c$'
build_line "$b.Release.log" "$main" | grep -q -- ' -O3 .* -D_FORTIFY_SOURCE=3 ' || fail "Release's line has no fortify"
grep -q -- '-D_FORTIFY_SOURCE' "$b.Debug.log" && fail "-D_FORTIFY_SOURCE on a Debug line: $(grep -- -D_FORTIFY_SOURCE "$b.Debug.log")"
build_line "$b.Debug.log" "$main" | grep -q -- ' -fstack-protector-strong ' || fail "Debug's line lost the canary"
assert_hardened_program "$b/Release/tally"
assert_hardened_library "$b/Release/libtally.so"
elf_has_chk "$b/Release/tally" || fail "no __*_chk call in the Release program"
elf_has_chk "$b/Debug/tally" && fail "fortified calls in the Debug program"
elf_has_canary "$b/Debug/tally" || fail "no canary in the Debug program"
config_audit_passes "$b" tally-audit Release "$b/harden-report-release.txt"
config_audit_passes "$b" tally-audit Debug "$b/harden-report-debug.txt"
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
