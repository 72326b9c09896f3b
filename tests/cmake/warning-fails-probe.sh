#!/bin/sh
# A probe step that exits 0 but writes to standard error fails: clang 14
# accepts -mbranch-protection=none on x86_64 with only "argument unused
# during compilation", so HARDENING_BRANCH_PROTECTION=OFF must not keep that
# flag (the empty row decides: off, no flag), and the build stays free of
# that warning.
. "$(dirname "$0")/helpers"

echo 'int main(void) { return 0; }' >"$T/m.c"
clang -mbranch-protection=none -c -o "$T/m.o" "$T/m.c" 2>"$T/warn" || fail "control: clang rejected the flag outright"
grep -q 'argument unused' "$T/warn" || fail "control: clang no longer warns, the test proves nothing"

b=$T/build
CC=clang configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=OFF
expect_state "$b" branch-protection "off -"
grep -q '^feature branch-protection off - .*argument unused' "$b/harden-report.txt" ||
	fail "reason does not quote the warning: $(grep 'feature branch-protection' "$b/harden-report.txt")"
case " $(report "$b" cflags) " in
*branch-protection*) fail "the warned-about flag was kept: $(report "$b" cflags)" ;;
esac
build "$b"
grep -q 'argument unused' "$b.build.log" && fail "the build warns"
exit 0
