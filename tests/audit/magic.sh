#!/bin/sh
# magic.sh - the magic is checked before anything else: a file that starts
# with neither \177ELF nor MZ is "not an ELF, PE or ar file", an MS-DOS MZ file
# without a PE signature at e_lfanew (also one whose e_lfanew points past
# the end) "not an ELF or PE file (MS-DOS MZ without a PE header)"; empty
# and 3-byte files too.  Exit 2 for each.  A file with MZ and the PE
# signature goes to the PE reader: with nothing after the signature it is
# a truncated PE (exit 2, naming what is missing), and a real program from
# mingw-w64, when installed, is audited (exit 0).
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit
python3 - "$T" <<'EOPY'
import struct, sys
t = sys.argv[1]
mz = bytearray(0x80)
mz[0:2] = b'MZ'
struct.pack_into('<I', mz, 0x3c, 0x40)
pe = bytearray(mz)
pe[0x40:0x44] = b'PE\0\0'
open(t + '/pe.exe', 'wb').write(pe[:0x44])
open(t + '/dos.exe', 'wb').write(mz)
open(t + '/far.exe', 'wb').write(mz[:0x3c] + struct.pack('<I', 0xfffffff0))
open(t + '/empty', 'wb').close()
open(t + '/short', 'wb').write(b'\x7fEL')
open(t + '/text', 'w').write('#!/bin/sh\n')
EOPY
check() {	# check FILE MESSAGE
	"$AUDIT" "$T/$1" >/dev/null 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] || fail "$1: exit $rc, want 2"
	grep -qxF "harden-audit: $T/$1: $2" "$T/err" ||
		{ cat "$T/err" >&2; fail "$1: want '$2'"; }
}
dos="not an ELF or PE file (MS-DOS MZ without a PE header)"
check pe.exe "truncated COFF header"
check dos.exe "$dos"
check far.exe "$dos"
check empty "not an ELF, PE or ar file"
check short "not an ELF, PE or ar file"
check text "not an ELF, PE or ar file"
if have x86_64-w64-mingw32-gcc; then
	write_sources
	x86_64-w64-mingw32-gcc -o "$T/w.exe" "$T/src/nocanary.c" || fail "mingw"
	"$AUDIT" "$T/w.exe" >"$T/out" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "w.exe: exit $?, want 0"; }
	grep -q "^pe-exe .* $T/w.exe\$" "$T/out" || { cat "$T/out"; fail "w.exe: not a pe-exe row"; }
fi
echo "magic: ok"
exit 0
