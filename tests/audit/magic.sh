#!/bin/sh
# magic.sh - the magic is checked before anything else: a file that does
# not start with \177ELF is "not an ELF file", a Windows PE program (MZ and
# a PE signature) "not an ELF file (PE)", an MS-DOS MZ file without it
# "not an ELF file (MZ)"; empty and 3-byte files too.  Exit 2 for each.
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
open(t + '/pe.exe', 'wb').write(pe)
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
check pe.exe "not an ELF file (PE)"
check dos.exe "not an ELF file (MZ)"
check far.exe "not an ELF file (MZ)"
check empty "not an ELF file"
check short "not an ELF file"
check text "not an ELF file"
if have x86_64-w64-mingw32-gcc; then
	write_sources
	x86_64-w64-mingw32-gcc -o "$T/w.exe" "$T/src/nocanary.c" || fail "mingw"
	check w.exe "not an ELF file (PE)"
fi
echo "magic: ok"
exit 0
