#!/bin/sh
# A probe step that exits 0 but writes to standard error fails, unless the
# base probe (no hardening flag) prints the same: with a compiler that
# warns on every run and once more for -fstack-clash-protection, the CMake
# module claims what the probes prove, turns stack-clash-protection off
# quoting its warning, and the probe log shows both.  And a feature of
# another architecture (branch-protection on x86_64, which clang 14 would
# accept with only "argument unused during compilation") is turned off
# without a flag, so the build stays free of that warning.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc clang ninja

cat >"$T/warncc" <<'EOS'
#!/bin/sh
echo "warncc: warning: this compiler warns about everything" >&2
for a do
	case $a in -fstack-clash-protection) echo "warncc: warning: $a is slow here" >&2 ;; esac
done
exec gcc "$@"
EOS
chmod +x "$T/warncc"
w=$T/warn
CC=$T/warncc cmake_configure "$w" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
for f in stack-protector pie relro; do
	[ "$(report_state "$w/harden-report.txt" $f)" = on ] ||
		fail "$f: the everywhere warning turned it off: $(report_reason "$w/harden-report.txt" $f)"
done
report_expect "$w/harden-report.txt" stack-clash-protection "unsupported -"
[ "$(report_reason "$w/harden-report.txt" stack-clash-protection)" = "warncc: warning: -fstack-clash-protection is slow here" ] ||
	fail "stack-clash-protection: the reason is not its warning: $(report_reason "$w/harden-report.txt" stack-clash-protection)"
grep -q 'warncc: warning: this compiler warns' "$w/CMakeFiles/harden/probe.log" || fail "the probe log does not show the warning"
grep -q 'warncc: warning: -fstack-clash-protection' "$w/CMakeFiles/harden/probe.log" || fail "the probe log does not show the feature's warning"

b=$T/build
CC=clang cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=OFF -DBUILD_TESTING=OFF
report_expect "$b/harden-report.txt" branch-protection "off -"
[ "$(report_reason "$b/harden-report.txt" branch-protection)" = "disabled; aarch64 only (target is x86)" ] ||
	fail "unexpected reason: $(report_reason "$b/harden-report.txt" branch-protection)"
case " $(report_key "$b/harden-report.txt" cflags) " in
*branch-protection*) fail "a branch-protection flag was added on x86: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
cmake_build "$b"
grep -q 'argument unused' "$b.build.log" && fail "the build warns"
exit 0
