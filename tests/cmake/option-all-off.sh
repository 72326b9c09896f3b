#!/bin/sh
# Every HARDENING_<FEATURE>=OFF (names taken from the catalog) with gcc:
# each feature is reported off, enabled= is empty, and the program lacks
# what Debian's gcc and ld turn on by default: it is ET_EXEC (no PIE), has
# no GNU_RELRO, an executable stack (RWE), no canary and no fortified calls.
# Features whose off flags gcc rejects are off with no flag ("disabled (no
# flag needed)").
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

set --
for f in $(awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt"); do
	set -- "$@" "-DHARDENING_$(echo "$f" | tr 'a-z-' 'A-Z_')=OFF"
done
[ $# -gt 0 ] || fail "no feature in the catalog"
b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF "$@"
[ -z "$(report_key "$b/harden-report.txt" enabled)" ] || fail "enabled: $(report_key "$b/harden-report.txt" enabled)"
n=$(grep -c '^feature [^ ]* off - ' "$b/harden-report.txt")
[ "$n" -eq $# ] || fail "$n of $# features off"
# gcc 12 rejects -fstrict-flex-arrays=0: off through the empty row.
grep -qx 'feature strict-flex-arrays off - disabled (no flag needed)' "$b/harden-report.txt" || fail "strict-flex-arrays not off through the empty row"
case " $(report_key "$b/harden-report.txt" cflags) " in
*strict-flex-arrays*) fail "a rejected off flag was kept" ;;
esac
cmake_build "$b"
t=$b/tally
[ "$(elf_type "$t")" = EXEC ] || fail "tally is PIE"
elf_has_relro "$t" && fail "tally has GNU_RELRO"
elf_has_now "$t" && fail "tally has BIND_NOW"
elf_exec_stack "$t" || fail "tally's stack is not executable"
elf_has_canary "$t" && fail "tally has a canary"
elf_has_chk "$t" && fail "tally has fortified calls"
elf_has_relro "$b/libtally.so" && fail "libtally.so has GNU_RELRO"
exit 0
