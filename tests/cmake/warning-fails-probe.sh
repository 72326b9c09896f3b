#!/bin/sh
# A probe step that exits 0 but writes to standard error fails: clang 14
# accepts -mbranch-protection=none on x86_64 with only "argument unused
# during compilation", so HARDENING_BRANCH_PROTECTION=OFF must not keep that
# flag (the empty row decides: off, "disabled (no flag needed)"; the probe
# log shows the warning that failed the flag), and the build stays free of
# that warning.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need clang ninja

echo 'int main(void) { return 0; }' >"$T/m.c"
clang -mbranch-protection=none -c -o "$T/m.o" "$T/m.c" 2>"$T/warn" || fail "control: clang rejected the flag outright"
grep -q 'argument unused' "$T/warn" || fail "control: clang no longer warns, the test proves nothing"

b=$T/build
CC=clang cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=OFF
report_expect "$b/harden-report.txt" branch-protection "off -"
[ "$(report_reason "$b/harden-report.txt" branch-protection)" = "disabled (no flag needed)" ] ||
	fail "unexpected reason: $(report_reason "$b/harden-report.txt" branch-protection)"
grep -q 'argument unused.*-mbranch-protection=none' "$b/CMakeFiles/harden/probe.log" ||
	fail "the probe log does not show the warning about -mbranch-protection=none"
case " $(report_key "$b/harden-report.txt" cflags) " in
*branch-protection*) fail "the warned-about flag was kept: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
cmake_build "$b"
grep -q 'argument unused' "$b.build.log" && fail "the build warns"
exit 0
