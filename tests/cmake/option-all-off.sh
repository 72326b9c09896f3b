#!/bin/sh
# Every HARDENING_<FEATURE>=OFF (names taken from the catalog) with gcc:
# each feature is reported off, enabled= is empty, and the program lacks
# what Debian's gcc and ld turn on by default: it is ET_EXEC (no PIE), has
# no GNU_RELRO, an executable stack (RWE), no canary and no fortified calls.
# Features whose off flags gcc rejects are off with no flag.
. "$(dirname "$0")/helpers"

set --
for f in $(awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt"); do
	set -- "$@" "-DHARDENING_$(echo "$f" | tr 'a-z-' 'A-Z_')=off"
done
[ $# -gt 0 ] || fail "no feature in the catalog"
b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
[ -z "$(report "$b" enabled)" ] || fail "enabled: $(report "$b" enabled)"
n=$(grep -c '^feature [^ ]* off - ' "$b/harden-report.txt")
[ "$n" -eq $# ] || fail "$n of $# features off"
# gcc 12 rejects -fstrict-flex-arrays=0: off through the empty row.
grep -q '^feature strict-flex-arrays off - not present' "$b/harden-report.txt" || fail "strict-flex-arrays not off through the empty row"
case " $(report "$b" cflags) " in
*strict-flex-arrays*) fail "a rejected off flag was kept" ;;
esac
build "$b"
t=$b/tally
is_exec "$t" || fail "tally is PIE"
has_relro "$t" && fail "tally has GNU_RELRO"
has_bind_now "$t" && fail "tally has BIND_NOW"
readelf -W -l "$t" | grep 'GNU_STACK' | grep -q 'RWE' || fail "tally's stack is not executable"
has_canary "$t" && fail "tally has a canary"
has_fortify "$t" && fail "tally has fortified calls"
has_relro "$b/libtally.so" && fail "libtally.so has GNU_RELRO"
exit 0
