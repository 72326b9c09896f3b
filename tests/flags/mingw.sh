# A Windows (PE) target through mingw-w64: the ELF-only features are
# unsupported with a reason, the PE features are on and proven from the PE
# headers (objdump -p, not readelf), the probe's .exe name does not mislead
# the proofs, and codegen proofs find the function's end in COFF assembly
# (no .size there): stack-clash-protection has no effect on Windows, whose
# gcc probes the stack with ___chkstk_ms anyway; stack-protector and
# fortify-source say that the program needs libssp-0.dll.
. "$HARDEN_SRCDIR/tests/lib.sh"
need x86_64-w64-mingw32-gcc objdump
H="$S/catalog/harden-flags"
export CC=x86_64-w64-mingw32-gcc CFLAGS=-O2
sh "$H" --report >std.report || fail "harden-flags failed: $(cat std.report)"
grep -q '^traits=.*format=pe' std.report || fail "no format=pe trait: $(report_key std.report traits)"
for f in pie relro bind-now noexecstack cf-protection; do
	report_expect std.report $f "unsupported -"
	[ "$(report_reason std.report $f)" = "ELF only (target is PE)" ] ||
		fail "$f: $(report_reason std.report $f)"
done
report_expect std.report stack-protector "on strong"
report_expect std.report fortify-source "on 2"
# Both work through the toolchain's libssp-0.dll, which the program then
# needs at run time: the reason says so, unless a static link leaves no
# import (the catalog's runtime rows).
for f in stack-protector fortify-source; do
	report_reason std.report $f | grep -q '^needs libssp-0.dll at run time (the toolchain.s: ship it with the program, or link with -static)$' ||
		fail "$f: no note of libssp-0.dll: $(report_reason std.report $f)"
done
LDFLAGS=-static sh "$H" --report >static.report || fail "harden-flags LDFLAGS=-static failed: $(cat static.report)"
report_expect static.report stack-protector "on strong"
[ "$(report_reason static.report stack-protector)" = - ] || fail "-static: $(report_reason static.report stack-protector)"
report_expect std.report dynamicbase "on yes"
report_expect std.report high-entropy-va "on yes"
report_expect std.report nxcompat "on yes"
report_expect std.report stack-clash-protection "unsupported -"
[ "$(report_reason std.report stack-clash-protection)" = "no effect on the generated code" ] ||
	fail "stack-clash-protection: $(report_reason std.report stack-clash-protection)"
# fortify is not expected: mingw fortifies string calls of known size only,
# so a correct program may show none.
[ "$(report_key std.report audit_expect)" = stack-protector,dynamicbase,high-entropy-va,nxcompat ] ||
	fail "audit_expect: $(report_key std.report audit_expect)"

# The claims hold for a program built with the reported flags.
cat >p.c <<'SRC'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	char buf[64];
	strcpy(buf, argv[argc - 1]);
	puts(buf);
	return 0;
}
SRC
# build NAME OPTION...: NAME.exe with the flags for OPTIONs; NAME.p its headers.
build() {
	b=$1
	shift
	x86_64-w64-mingw32-gcc -O2 $(sh "$H" "$@" --cppflags --cflags --ldflags | tr '\n' ' ') -o "$b.exe" p.c 2>"$b.err" ||
		fail "cannot build $b: $(cat "$b.err")"
	objdump -p "$b.exe" >"$b.p" || fail "objdump cannot read $b.exe"
}
shift $#
build std
for c in DYNAMIC_BASE HIGH_ENTROPY_VA NX_COMPAT; do
	grep -q "^[[:space:]]*$c\$" std.p || fail "the program lacks $c"
done
grep -q 'Base Relocation Directory' std.p || fail "the program has no .reloc"
grep -q '__stack_chk_fail$' std.p || fail "the program imports no __stack_chk_fail"
grep -q '__strcpy_chk$' std.p || fail "the program imports no __strcpy_chk"

# --disable-X clears the bit binutils sets by default; high-entropy-va
# needs dynamicbase and is not probed (--high-entropy-va sets both bits).
sh "$H" --disable-dynamicbase --disable-nxcompat >off.report || fail "disabling failed: $(cat off.report)"
report_expect off.report dynamicbase "off -"
report_expect off.report nxcompat "off -"
report_expect off.report high-entropy-va "unsupported -"
[ "$(report_reason off.report high-entropy-va)" = "needs dynamicbase" ] ||
	fail "high-entropy-va: $(report_reason off.report high-entropy-va)"
build off --disable-dynamicbase --disable-nxcompat
grep -q -e '^[[:space:]]*DYNAMIC_BASE$' -e '^[[:space:]]*NX_COMPAT$' -e '^[[:space:]]*HIGH_ENTROPY_VA$' off.p &&
	fail "a disabled bit is still set: $(grep -A4 DllCharacteristics off.p)"

# ELF features: an explicit request stops with the reason, a --disable is
# met without a flag (mingw's linker rejects -no-pie).
sh "$H" --enable-pie >/dev/null 2>err && fail "--enable-pie accepted for a PE target"
grep -q 'cannot enable pie: ELF only (target is PE)' err || fail "--enable-pie: $(cat err)"
sh "$H" --disable-pie --ldflags --exe-ldflags >flags.out || fail "--disable-pie failed"
grep -q -- '-no-pie' flags.out && fail "-no-pie given to mingw"
sh "$H" --disable-pie --summary | grep -q '^  pie  *off  *disabled; ELF only (target is PE)$' ||
	fail "--disable-pie: $(sh "$H" --disable-pie --summary | grep pie)"
echo ok
