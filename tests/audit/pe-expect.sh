#!/bin/sh
# pe-expect.sh - --expect on Windows PE files: the PE features dynamicbase,
# high-entropy-va and nxcompat, and stack-protector and fortify-source, are
# proven on a hardened mingw-w64 program and DLL (exit 0) and missing on
# plain ones (exit 1, a message per feature); an ELF-only feature (pie,
# relro, bind-now, noexecstack) on a PE file and a PE-only feature on an ELF
# file fail clearly ("other-format", naming the counterpart), exit 1;
# high-entropy-va is n/a (proven) for a PE32; features no binary can prove
# and unknown names are still usage errors (exit 2); the worst status wins
# over ELF and PE files together.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

need python3 x86_64-w64-mingw32-gcc
build_audit
build_pe_corpus
${HARDEN_GCC:-gcc} $STD -o "$T/elf" "$T/src/prog.c" || fail "cannot compile"
P=$T/pe

pe=dynamicbase,high-entropy-va,nxcompat,stack-protector,fortify-source
check_expect 0 "$pe" "$P/w-hard.exe" "$P/w-hard.dll" "$P/w-hard-stripped.exe" "$P/w-static.exe"
[ -s "$T/err" ] && { cat "$T/err"; fail "messages for proven features"; }
check_expect 1 "$pe" "$P/w-none.exe"
for f in dynamicbase high-entropy-va nxcompat; do
	said "$P/w-none.exe: $f not proven: no"
done
said "$P/w-none.exe: stack-protector not proven: unknown"
said "$P/w-none.exe: fortify-source not proven: unknown"
check_expect 1 dynamicbase "$P/w-nodir.exe"
said "w-nodir.exe: dynamicbase not proven: no (DYNAMIC_BASE, but no base relocations"
check_expect 1 high-entropy-va "$P/w-noheva.exe"
check_expect 0 dynamicbase,nxcompat "$P/w-noheva.exe"
check_expect 1 stack-protector "$P/w-fortify-static.exe"	# libssp.a alone proves nothing
check_expect 0 fortify-source "$P/w-fortify-static.exe"
check_expect 1 stack-protector "$P/w-static-stripped.exe"
if [ -f "$P/pe32-bare.exe" ]; then
	check_expect 0 dynamicbase,high-entropy-va,nxcompat "$P/pe32-bare.exe"	# PE32: n/a
fi

# A feature of the other format: not n/a (which would pass), but
# other-format, naming the counterpart where there is one.
for f in pie relro bind-now noexecstack; do
	check_expect 1 "$f" "$P/w-hard.exe"
	said "$P/w-hard.exe: $f not proven: other-format (ELF only: n/a for a PE file"
done
said "noexecstack not proven: other-format (ELF only: n/a for a PE file; see nxcompat)"
check_expect 1 pie "$P/w-hard.exe"
said "pie not proven: other-format (ELF only: n/a for a PE file; see dynamicbase)"
for f in dynamicbase high-entropy-va nxcompat; do
	check_expect 1 "$f" "$T/elf"
	said "$T/elf: $f not proven: other-format (PE only: n/a for an ELF file"
done
check_expect 0 pie,relro,bind-now,noexecstack,stack-protector,fortify-source "$T/elf"

# Still usage errors, before any file is read.
check_expect 2 format-security "$P/w-hard.exe"
said "no binary can prove format-security"
check_expect 2 no-such-feature "$P/w-hard.exe"
check_expect 2 guard-cf "$P/w-hard.exe"		# a fact, not a feature

# Worst status over ELF and PE files; --json names the missing ones.
check_expect 0 stack-protector,fortify-source "$T/elf" "$P/w-hard.exe"
check_expect 1 stack-protector,nxcompat "$T/elf" "$P/w-hard.exe"
check_expect 2 nxcompat "$P/w-hard.exe" "$T/missing"
"$AUDIT" -j -e pie,nxcompat "$T/elf" "$P/w-hard.exe" >"$T/json"
[ $? -eq 1 ] || fail "--json --expect: exit status"
python3 - "$T/json" <<'EOPY' || fail "--json expect objects"
import json, sys
d = json.load(open(sys.argv[1]))
assert d[0]['expect'] == {'missing': ['nxcompat'], 'passed': False}, d[0]['expect']
assert d[1]['expect'] == {'missing': ['pie'], 'passed': False}, d[1]['expect']
assert d[1]['properties']['pie']['result'] == 'other-format'
EOPY
echo "pe-expect: ok"
exit 0
