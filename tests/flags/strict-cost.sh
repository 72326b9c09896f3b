# The batch pays off at the strict level too: an unsupported feature costs
# about one more build, not the whole set one feature at a time (gcc 12
# rejects -fstrict-flex-arrays=3, gcc 11 also -ftrivial-auto-var-init).
# Counts of compiler runs, not times.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc gcc-11 clang clang-19
runs() { CC=$1 CFLAGS="-g -O2" sh "$S/catalog/harden-flags" --level=strict >"$1.report" || fail "$1 failed"; report_key "$1.report" runs; }
all=$(runs clang-19)
# Features of other targets (aarch64, PE) and of C++ are decided without a build.
! grep '^feature .* unsupported ' clang-19.report | grep -v ' only (\(target\|language\) is ' ||
	fail "clang 19 should prove every feature of its target"
[ "$all" -le 17 ] || fail "clang 19 (everything supported that can be): $all runs"
for cc in gcc gcc-11 clang; do
	n=$(runs $cc)
	# Each feature unsupported by a build failure may add at most 4 runs:
	# its set's compile, link, -S and misuse compile once more; the first
	# failure adds the base probe's 2 (its noise judges the messages).
	extra=$(grep -c '^feature .* unsupported .*\(unrecognized\|unknown argument\)' $cc.report)
	base=0
	[ "$extra" -eq 0 ] || base=2
	note "$cc: $n runs, $extra rejected features (clang 19: $all)"
	[ "$n" -le $((all + base + 4 * extra)) ] || fail "$cc: $n runs for $extra rejected features"
done
report_expect gcc.report strict-flex-arrays "unsupported -"
report_expect gcc.report trap-bounds "on yes"
report_expect gcc-11.report auto-var-init "unsupported -"
report_expect clang.report auto-var-init "on zero"
echo ok
