#!/bin/sh
# mold-notes.sh - notes from every linker are read: mold packs the 8-byte
# aligned GNU property note and the 4-byte aligned build-id and ABI-tag
# notes into one PT_NOTE (p_align 8), which a walk with the segment's
# alignment misreads.  mold, gold and lld (through gcc) and clang with lld
# link a program and a shared library, plain and with forced IBT/SHSTK
# marking where the linker has it; each is audited with exit 0, its
# columns agree with readelf (readelf -n for CET), and the same files with
# their section headers removed (notes read from PT_NOTE alone) keep
# their verdicts.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

need python3 readelf mold ld.gold ld.lld
build_audit
write_sources
cc=${HARDEN_GCC:-gcc}
clang=${HARDEN_CLANG:-clang}
need "$cc" "$clang"
set --
b() {	# b NAME COMPILER SOURCE FLAGS...
	n=$1 c=$2 s=$3
	shift 3
	"$c" "$@" -o "$T/$n" "$T/src/$s" >"$T/$n.log" 2>&1 ||
		{ cat "$T/$n.log" >&2; fail "cannot build $n"; }
	echo "$n" >>"$T/LIST"
}
: >"$T/LIST"
LIB="-shared -fPIC -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro,-z,now"
b mold-prog gcc prog.c -fuse-ld=mold $STD
b mold-lib.so gcc lib.c -fuse-ld=mold $LIB
b mold-cet gcc prog.c -fuse-ld=mold $STD -Wl,-z,ibt,-z,shstk
b mold-cet.so gcc lib.c -fuse-ld=mold $LIB -fcf-protection=full -Wl,-z,ibt,-z,shstk
b gold-prog gcc prog.c -fuse-ld=gold $STD
b gold-lib.so gcc lib.c -fuse-ld=gold $LIB
b lld-prog gcc prog.c -fuse-ld=lld $STD
b lld-cet gcc prog.c -fuse-ld=lld $STD -Wl,-z,force-ibt,-z,shstk
b lld-lib.so gcc lib.c -fuse-ld=lld $LIB
b clang-lld-prog "$clang" prog.c -fuse-ld=lld $STD
b clang-lld-cet "$clang" prog.c -fuse-ld=lld $STD -Wl,-z,force-ibt,-z,shstk
b clang-lld-lib.so "$clang" lib.c -fuse-ld=lld $LIB

# mold really mixes alignments in one note segment (the case of the bug).
readelf -lW "$T/mold-prog" | awk '$1 == "NOTE" { n++; a = $NF } END { exit !(n == 1 && a == "0x8") }' ||
	{ readelf -lW "$T/mold-prog" | grep NOTE; fail "mold-prog: not one 8-aligned PT_NOTE"; }
readelf -SW "$T/mold-prog" | grep -q 'NOTE .* 4$' ||
	fail "mold-prog: no 4-aligned note section in it"

# The columns, by readelf alone.
readelf_cols() {
	f=$1
	# A shared library (ET_DYN, no INTERP, no FLAGS_1 PIE) without
	# TEXTREL is n/a, as harden-audit(1) says.
	if elf_is_pie "$f"; then pie=yes
	elif [ "$(elf_type "$f")" = DYN ] && ! elf_has_interp "$f" &&
	    ! readelf -dW "$f" | grep -q TEXTREL; then pie=n/a
	else pie=no; fi
	if elf_has_relro "$f"; then relro=yes; else relro=no; fi
	if elf_has_now "$f"; then now=yes; else now=no; fi
	if elf_nx_stack "$f"; then nx=yes; else nx=no; fi
	if elf_has_canary "$f"; then can=yes; else can='?'; fi
	if elf_has_chk "$f"; then fort=yes; else fort='?'; fi
	if readelf -nW "$f" | grep -q 'x86 feature: IBT, SHSTK'; then cet=yes; else cet=no; fi
	echo "$pie $relro $now $nx $can $fort $cet"
}
ncet=0
while read -r n; do
	"$AUDIT" "$T/$n" >"$T/out" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "$n: exit $?"; }
	got=$(audit_cols "$T/$n" PIE RELRO NOW NX CANARY FORTIFY CET)
	want=$(readelf_cols "$T/$n")
	[ "$got" = "$want" ] ||
		fail "$n: harden-audit says '$got', readelf '$want' (PIE RELRO NOW NX CANARY FORTIFY CET)"
	case $want in *yes) ncet=$((ncet + 1)) ;; esac
	# Without section headers the notes come from PT_NOTE alone.
	python3 - "$T/$n" "$T/$n.noshdr" <<'EOPY' || fail "cannot strip section headers"
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
struct.pack_into('<Q', d, 40, 0)
struct.pack_into('<HH', d, 60, 0, 0)
open(sys.argv[2], 'wb').write(d)
EOPY
	"$AUDIT" "$T/$n.noshdr" >"$T/out" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "$n without section headers: exit $?"; }
	got2=$(audit_cols "$T/$n.noshdr" PIE RELRO NOW NX CANARY FORTIFY CET)
	[ "$got2" = "$got" ] ||
		fail "$n without section headers: '$got2', with: '$got'"
done <"$T/LIST"
[ "$ncet" -ge 4 ] || fail "only $ncet files marked IBT/SHSTK: the CET check proves nothing"
echo "mold-notes: $(wc -l <"$T/LIST") files from mold, gold, lld agree with readelf ($ncet with CET)"
exit 0
