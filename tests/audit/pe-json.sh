#!/bin/sh
# pe-json.sh - --json for Windows PE files is valid JSON with "format" PE,
# "class" PE32+ or PE32, the COFF machine, "kind" pe-exe or pe-dll, every
# property (ELF-only ones "other-format") and a "pe" object whose raw
# header facts equal objdump -p's (Characteristics, DllCharacteristics,
# base relocation directory, import tables, symbols); ELF objects have no
# "pe" object, and a malformed PE is an "error" object.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

need python3 x86_64-w64-mingw32-gcc x86_64-w64-mingw32-objdump
build_audit
build_pe_corpus
${HARDEN_GCC:-gcc} -O2 -o "$T/elf" "$T/src/prog.c" || fail "cannot compile"
head -c 300 "$T/pe/w-hard.exe" >"$T/trunc.exe"

set --
while read -r name; do
	set -- "$@" "$T/pe/$name"
	x86_64-w64-mingw32-objdump -p "$T/pe/$name" >"$T/pe/$name.objdump" ||
		fail "objdump -p $name"
done <"$T/pe/LIST"
"$AUDIT" -j "$T/elf" "$@" "$T/trunc.exe" >"$T/out.json" 2>"$T/err"
[ $? -eq 2 ] || fail "exit status (the truncated file makes it 2)"
python3 - "$T/out.json" "$T/elf" "$T/trunc.exe" "$@" <<'EOPY' || fail "--json content"
import json, re, sys
d = json.load(open(sys.argv[1]))
elf, trunc, pes = sys.argv[2], sys.argv[3], sys.argv[4:]
assert [o['file'] for o in d] == [elf] + pes + [trunc], [o['file'] for o in d]
assert d[0]['format'] == 'ELF' and 'pe' not in d[0]
assert d[0]['properties']['dynamicbase']['result'] == 'other-format'
assert set(d[-1]) == {'file', 'error'} and d[-1]['error'], d[-1]
for o in d[1:-1]:
    dump = open(o['file'] + '.objdump').read()
    f = o['file']
    assert o['format'] == 'PE' and o['endian'] == 'little', f
    pe64 = '(PE32+)' in dump
    assert o['class'] == ('PE32+' if pe64 else 'PE32'), (f, o['class'])
    assert o['machine'] == (0x8664 if pe64 else 0x14c), (f, o['machine'])
    chars = int(re.search(r'^Characteristics 0x([0-9a-f]+)', dump, re.M).group(1), 16)
    dllc = int(re.search(r'^DllCharacteristics\s+([0-9a-f]+)', dump, re.M).group(1), 16)
    reloc = re.search(r'^Entry 5 [0-9a-f]+ ([0-9a-f]+)', dump, re.M).group(1)
    imp = re.search(r'^Entry 1 [0-9a-f]+ ([0-9a-f]+)', dump, re.M).group(1)
    pe = o['pe']
    assert pe['characteristics'] == chars, (f, pe, chars)
    assert pe['dll_characteristics'] == dllc, (f, pe, dllc)
    assert pe['base_relocations'] == (int(reloc, 16) != 0), (f, pe)
    assert pe['imports'] == (int(imp, 16) != 0), (f, pe)
    assert o['kind'] == ('pe-dll' if chars & 0x2000 else 'pe-exe'), f
    assert o['rpath'] is None and o['runpath'] is None
    p = o['properties']
    for k in ('pie', 'relro', 'bind-now', 'noexecstack', 'textrel'):
        assert p[k]['result'] == 'other-format' and p[k]['reason'], (f, k)
    for k in ('dynamicbase', 'high-entropy-va', 'nxcompat', 'stack-protector',
              'fortify-source', 'guard-cf', 'gs-cookie', 'rwx-segment'):
        assert p[k]['result'] in ('yes', 'no', 'unknown', 'n/a'), (f, k)
    assert p['nxcompat']['result'] == ('yes' if dllc & 0x100 else 'no'), f
    fort = len(re.findall(r'^\t[0-9a-f]+\t +[0-9]+ +(__chk_fail|__(?!stack_chk)[a-z0-9_]+_chk)$', dump, re.M))
    assert o['fortify']['fortified'] == fort, (f, o['fortify'], fort)
EOPY
echo "pe-json: ok ($# PE files)"
exit 0
