#!/bin/sh
# pe-verdicts.sh - harden-audit's verdicts on Windows PE files built by
# mingw-w64 with known flags (hardened and plain programs and DLLs,
# stripped, static, fortify or canary alone, without base relocations,
# patched DllCharacteristics, and a PE32 from clang and ld.lld) match the
# known truth, and, file by file, what objdump -p (and nm for the COFF
# symbols of static programs) says, read independently.  ELF-only columns
# (RELRO, NOW, TEXTREL) are "-", and the reasons name the evidence.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

need python3 x86_64-w64-mingw32-gcc x86_64-w64-mingw32-objdump x86_64-w64-mingw32-nm
build_audit
build_pe_corpus

# The truth from the flags (pe_corpus_spec in lib.sh).  mingw-w64 never
# reroutes a call it cannot check, so FORTIFY is yes or ?, never no; GCC
# has no Control Flow Guard and GNU ld no CET_COMPAT.
cols="TYPE PIE NX HEVA CANARY FORTIFY RWX CET BTI CFG RELRO NOW TEXTREL RPATH"
cat >"$T/expected" <<'EOS'
w-hard.exe            pe-exe yes yes yes yes yes no no n/a no - - - -
w-hard.dll            pe-dll yes yes yes yes yes no no n/a no - - - -
w-none.exe            pe-exe no  no  no  ?   ?   no no n/a no - - - -
w-none.dll            pe-dll no  no  no  ?   ?   no no n/a no - - - -
w-hard-stripped.exe   pe-exe yes yes yes yes yes no no n/a no - - - -
w-none-stripped.exe   pe-exe no  no  no  ?   ?   no no n/a no - - - -
w-noreloc.exe         pe-exe no  yes no  ?   ?   no no n/a no - - - -
w-noheva.exe          pe-exe yes yes no  ?   ?   no no n/a no - - - -
w-static.exe          pe-exe yes yes yes yes yes no no n/a no - - - -
w-static-stripped.exe pe-exe yes yes yes ?   ?   no no n/a no - - - -
w-ssp.exe             pe-exe yes yes yes yes ?   no no n/a no - - - -
w-fortify.exe         pe-exe yes yes yes ?   yes no no n/a no - - - -
w-fortify-static.exe  pe-exe yes yes yes ?   yes no no n/a no - - - -
w-fortify-O0.exe      pe-exe yes yes yes ?   ?   no no n/a no - - - -
w-nodir.exe           pe-exe no  yes no  yes yes no no n/a no - - - -
w-norelocs.exe        pe-exe no  yes no  ?   ?   no no n/a no - - - -
pe32-bare.exe         pe-exe yes yes n/a ?   ?   no no n/a no - - - -
EOS
while read -r name; do
	echo "$name $(audit_cols "$T/pe/$name" $cols)"
done <"$T/pe/LIST" >"$T/actual"
awk 'NR == FNR { built[$1] = 1; next } ($1 in built) { $1 = $1; print }' \
    "$T/pe/LIST" "$T/expected" >"$T/expected.built"
[ "$(wc -l <"$T/expected.built")" -eq "$(wc -l <"$T/pe/LIST")" ] ||
	fail "PE corpus rows without an expected verdict"
diff -u "$T/expected.built" "$T/actual" >&2 ||
	fail "PE verdicts differ from the known truth (columns: name $cols)"

# Independently: objdump -p's DllCharacteristics, relocation directory,
# "relocations stripped", Magic and import tables, nm's COFF symbols.
n=0
while read -r name; do
	want=$(objdump_pe "$T/pe/$name")
	got=$(audit_cols "$T/pe/$name" TYPE PIE HEVA NX CANARY FORTIFY)
	[ "$want" = "$got" ] ||
		fail "$name: harden-audit says '$got', objdump -p says '$want' (kind dynamicbase high-entropy-va nxcompat canary fortify)"
	n=$((n + 1))
done <"$T/pe/LIST"

# The reasons name the evidence.
why() {	# why FILE FEATURE PATTERN
	"$AUDIT" -v "$T/pe/$1" | grep -q "^    $2  *[a-z/-]*  *.*$3" ||
		{ "$AUDIT" -v "$T/pe/$1" | grep "^    $2 " >&2; fail "$1: $2 reason lacks '$3'"; }
}
why w-hard.exe stack-protector 'imports __stack_chk_fail from libssp-0.dll'
why w-hard.exe fortify-source '__strcpy_chk'
why w-static.exe stack-protector '\.refptr\.__stack_chk_guard'
why w-fortify-static.exe stack-protector 'libssp linked statically'
why w-static-stripped.exe fortify-source 'stripped'
why w-nodir.exe dynamicbase 'no base relocations'
why w-norelocs.exe dynamicbase 'RELOCS_STRIPPED'
why w-nodir.exe high-entropy-va 'not dynamicbase'
why w-none.exe nxcompat 'lacks NX_COMPAT'
why w-hard.exe pie 'ELF only: n/a for a PE file; see dynamicbase'
why w-hard.exe noexecstack 'see nxcompat'
why w-hard.exe stack-clash-protection 'not read from PE files'
[ -f "$T/pe/pe32-bare.exe" ] && why pe32-bare.exe high-entropy-va 'PE32'

# The fortified count is that of the import tables.
k=$(x86_64-w64-mingw32-objdump -p "$T/pe/w-hard.exe" |
    grep -E '^	[0-9a-f]+	 +[0-9]+ +(__chk_fail|__[a-z0-9_]+_chk)$' | grep -vc __stack_chk)
[ "$k" -gt 0 ] || fail "w-hard.exe: objdump -p shows no fortified import"
"$AUDIT" -v "$T/pe/w-hard.exe" | grep -q "fortify-source  *yes  *$k fortified" ||
	fail "w-hard.exe: fortified count differs from objdump -p ($k)"

# ELF and PE files in one table: each row shows its own format's checks.
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/elf" "$T/src/prog.c" || fail "cannot compile"
"$AUDIT" "$T/elf" "$T/pe/w-hard.exe" >"$T/mixed" || fail "ELF + PE: exit $?"
awk 'NR == 2 && ($2 != "yes" || $3 != "yes") { exit 1 }
     NR == 3 && ($2 != "yes" || $3 != "-" || $4 != "-") { exit 1 }' "$T/mixed" ||
	{ cat "$T/mixed"; fail "ELF + PE table"; }
echo "pe-verdicts: $n PE files agree with the truth and with objdump -p"
exit 0
