#!/bin/sh
# readelf comes from find_program, so a machine file can name it:
# llvm-readelf gives the same results as GNU readelf; a readelf that
# fails leaves every sym:/elf: feature unsupported (nothing is claimed
# without proof) while the asm features stay on.
. "$(dirname "$0")/lib.sh"
required llvm-readelf
parent_with_copy "$T/p"
printf "[binaries]\nreadelf = 'llvm-readelf'\n" >"$T/llvm.ini"
printf "[binaries]\nreadelf = 'false'\n" >"$T/false.ini"
CC=gcc setup "$T/p" "$T/gnu" --buildtype=release
CC=gcc setup "$T/p" "$T/llvm" --buildtype=release --native-file "$T/llvm.ini"
grep -q '^Running command: [^ ]*llvm-readelf -W' "$T/llvm/meson-logs/meson-log.txt" || fail "llvm-readelf was not used"
report "$T/gnu" | grep -v '^feature' >"$T/gnu.r"
report "$T/llvm" | grep -v '^feature' >"$T/llvm.r"
diff "$T/gnu.r" "$T/llvm.r" || fail "llvm-readelf and GNU readelf give different flags"
CC=gcc setup "$T/p" "$T/none" --buildtype=release --native-file "$T/false.ini"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(state "$T/none" $f)" = unsupported ] || fail "$f is $(state "$T/none" $f) with a failing readelf"
done
[ "$(state "$T/none" stack-clash-protection)" = on ] || fail "asm feature stack-clash-protection not on"
echo ok
