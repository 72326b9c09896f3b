#!/bin/sh
# A probe step that exits 0 but writes to standard error fails: with a
# compiler that warns on every run, the CMake module claims nothing, each
# reason quotes the warning, and the probe log shows it.  And a feature of
# another architecture (branch-protection on x86_64, which clang 14 would
# accept with only "argument unused during compilation") is turned off
# without a flag, so the build stays free of that warning.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc clang ninja

cat >"$T/warncc" <<'EOS'
#!/bin/sh
echo "warncc: warning: this compiler warns about everything" >&2
exec gcc "$@"
EOS
chmod +x "$T/warncc"
w=$T/warn
CC=$T/warncc cmake_configure "$w" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
grep '^feature ' "$w/harden-report.txt" | grep -q ' on ' &&
	fail "a feature is claimed with a warning compiler: $(grep '^feature .* on ' "$w/harden-report.txt")"
for f in stack-protector pie relro; do
	report_reason "$w/harden-report.txt" $f | grep -q 'warncc: warning: this compiler warns about everything' ||
		fail "$f: the reason is not the warning: $(report_reason "$w/harden-report.txt" $f)"
done
grep -q 'warncc: warning' "$w/CMakeFiles/harden/probe.log" || fail "the probe log does not show the warning"

b=$T/build
CC=clang cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=OFF
report_expect "$b/harden-report.txt" branch-protection "off -"
[ "$(report_reason "$b/harden-report.txt" branch-protection)" = "disabled; aarch64 only (target is x86)" ] ||
	fail "unexpected reason: $(report_reason "$b/harden-report.txt" branch-protection)"
case " $(report_key "$b/harden-report.txt" cflags) " in
*branch-protection*) fail "a branch-protection flag was added on x86: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
cmake_build "$b"
grep -q 'argument unused' "$b.build.log" && fail "the build warns"
exit 0
