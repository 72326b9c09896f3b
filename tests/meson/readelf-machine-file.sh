#!/bin/sh
# readelf comes from find_program, so a machine file can name it:
# llvm-readelf gives the same results as GNU readelf; a readelf that
# fails leaves every sym:/elf: feature unsupported (nothing is claimed
# without proof) while the asm features stay on.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc llvm-readelf
meson_parent_with_copy "$T/p"
printf "[binaries]\nreadelf = 'llvm-readelf'\n" >"$T/llvm.ini"
printf "[binaries]\nreadelf = 'false'\n" >"$T/false.ini"
CC=gcc meson_setup "$T/p" "$T/gnu" --buildtype=release
CC=gcc meson_setup "$T/p" "$T/llvm" --buildtype=release --native-file "$T/llvm.ini"
grep -q "READELF=[^ ]*/llvm-readelf " "$T/llvm/meson-logs/meson-log.txt" || fail "llvm-readelf was not given to harden-flags"
grep -q '^harden-flags: [^ ]*/llvm-readelf -W' "$T/llvm/subprojects/harden/harden-probe.log" || fail "llvm-readelf was not used"
diff "$(meson_report "$T/gnu")" "$(meson_report "$T/llvm")" || fail "llvm-readelf and GNU readelf give different results"
CC=gcc meson_setup "$T/p" "$T/none" --buildtype=release --native-file "$T/false.ini"
r=$(meson_report "$T/none")
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	report_expect "$r" $f "unsupported -"
done
report_expect "$r" stack-clash-protection "on yes"
echo ok
