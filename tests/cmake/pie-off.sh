#!/bin/sh
# -DHARDENING_PIE=OFF on Debian's PIE-by-default gcc gives a non-PIE
# program (ET_EXEC, via -fno-PIE/-no-pie), while the shared library stays a
# shared library; with the default the program is PIE.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_PIE=OFF
expect_state "$b" pie "off -"
[ "$(report "$b" exe_cflags)" = "-fno-PIE" ] || fail "exe_cflags: $(report "$b" exe_cflags)"
[ "$(report "$b" exe_ldflags)" = "-no-pie" ] || fail "exe_ldflags: $(report "$b" exe_ldflags)"
build "$b"
is_exec "$b/tally" || fail "tally is not ET_EXEC"
has_pie_flag "$b/tally" && fail "tally has FLAGS_1 PIE"
assert_library_not_pie "$b/libtally.so"
grep -- '-shared' "$b.build.log" | grep -q -- '-no-pie\|-fno-PIE' && fail "exe-only off flags reached the library"
[ "$(printf 'a b\n' | "$b/tally")" = "      1       2       4 -" ] || fail "the non-PIE tally does not run"

# Control: gcc makes PIE programs by default here.
echo 'int main(void) { return 0; }' >"$T/m.c"
gcc -o "$T/m" "$T/m.c" || fail "gcc cannot link"
is_dyn "$T/m" || fail "control: this gcc does not default to PIE, the test proves nothing"
exit 0
