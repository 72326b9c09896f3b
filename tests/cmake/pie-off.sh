#!/bin/sh
# -DHARDENING_PIE=OFF on Debian's PIE-by-default gcc gives a non-PIE
# program (ET_EXEC, via -fno-PIE/-no-pie), while the shared library stays a
# shared library; with the default the program is PIE.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_PIE=OFF
report_expect "$b/harden-report.txt" pie "off -"
[ "$(report_key "$b/harden-report.txt" exe_cflags)" = "-fno-PIE" ] || fail "exe_cflags: $(report_key "$b/harden-report.txt" exe_cflags)"
[ "$(report_key "$b/harden-report.txt" exe_ldflags)" = "-no-pie" ] || fail "exe_ldflags: $(report_key "$b/harden-report.txt" exe_ldflags)"
cmake_build "$b"
[ "$(elf_type "$b/tally")" = EXEC ] || fail "tally is not ET_EXEC"
elf_is_pie "$b/tally" && fail "tally is PIE"
assert_library_not_pie "$b/libtally.so"
grep -- '-shared' "$b.build.log" | grep -q -- '-no-pie\|-fno-PIE' && fail "exe-only off flags reached the library"
[ "$(printf 'a b\n' | "$b/tally")" = "      1       2       4 -" ] || fail "the non-PIE tally does not run"

# Control: gcc makes PIE programs by default here.
echo 'int main(void) { return 0; }' >"$T/m.c"
gcc -o "$T/m" "$T/m.c" || fail "gcc cannot link"
[ "$(elf_type "$T/m")" = DYN ] || fail "control: this gcc does not default to PIE, the test proves nothing"
exit 0
