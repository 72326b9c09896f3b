# pe_patch.py FILE OR-MASK CLEAR-RELOC-DIR: DllCharacteristics bits and the
# base relocation directory of a PE file, in place (pe_patch in tests/audit/lib.sh).
import struct, sys
fn, mask, clear = sys.argv[1], int(sys.argv[2], 0), sys.argv[3] == '1'
d = bytearray(open(fn, 'rb').read())
opt = struct.unpack_from('<I', d, 0x3c)[0] + 24
dc = opt + 70
struct.pack_into('<H', d, dc, struct.unpack_from('<H', d, dc)[0] | mask)
if clear:
    pe64 = struct.unpack_from('<H', d, opt)[0] == 0x20b
    struct.pack_into('<II', d, opt + (112 if pe64 else 96) + 5 * 8, 0, 0)
open(fn, 'wb').write(d)
