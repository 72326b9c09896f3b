# Cross-compiling for aarch64 (when the cross compiler is installed):
# nothing is run, branch-protection is applied and cf-protection is not;
# make check runs no aarch64 program (its test says it is skipped) and
# still audits them with harden-audit.
. "$HARDEN_SRCDIR/tests/lib.sh"
command -v aarch64-linux-gnu-gcc >/dev/null || skip "aarch64-linux-gnu-gcc not installed"
tools_build harden-audit	# the run's (tests/lib.sh)
autotools_example ex --host=aarch64-linux-gnu HARDEN_AUDIT="$TOOLS/harden-audit" || fail "configure failed: $(tail -n 3 ex/configure.out)"
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
(cd ex && make check >check.out 2>&1) || fail "cross make check failed: $(tail -n 5 ex/check.out)"
grep -q '^SKIP: tests/count.sh' ex/check.out || fail "make check did not skip tests/count.sh"
grep -q 'skipped: the programs are built for aarch64-[a-z-]*, not for this machine' ex/tests/count.log ||
	fail "the skip gives no reason: $(cat ex/tests/count.log)"
grep -q "libtool --mode=execute $TOOLS/harden-audit --expect [a-z]" ex/check.out ||
	fail "make check did not audit: $(tail -n 5 ex/check.out)"
echo ok
