# Cross-compiling for aarch64 (when the cross compiler is installed):
# nothing is run, branch-protection is applied and cf-protection is not.
. "$HARDEN_SRCDIR/tests/lib.sh"
command -v aarch64-linux-gnu-gcc >/dev/null || skip "aarch64-linux-gnu-gcc not installed"
autotools_example ex --host=aarch64-linux-gnu || fail "configure failed: $(tail -n 3 ex/configure.out)"
grep -q 'checking for aarch64-linux-gnu-readelf... aarch64-linux-gnu-readelf' ex/configure.out ||
	fail "the target's readelf was not used"
[ "$(summary_state ex branch-protection)" = on ] || fail "branch-protection not on for aarch64"
grep -q '^  cf-protection  *unsupported  *x86 only (target is aarch64)' ex/configure.out ||
	fail "cf-protection not refused for aarch64"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(summary_state ex $f)" = on ] || fail "$f not on for aarch64"
done
(cd ex && make -j2 >make.out 2>&1) || fail "cross build failed: $(tail -n 5 ex/make.out)"
readelf -h ex/.libs/tally | grep -q AArch64 || fail "not an aarch64 program"
elf_is_pie ex/.libs/tally || fail "aarch64 program is not PIE"
echo ok
