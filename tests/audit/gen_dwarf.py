# gen_dwarf.py MODE SIZE OUT: an ELF file whose DWARF would make a naive
# scan quadratic (gen_dwarf in tests/audit/lib.sh; dwarf-linear.sh, fuzz.sh).
import struct, sys

mode, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def uleb(v):
    b = bytearray()
    while True:
        c = v & 0x7f
        v >>= 7
        b.append(c | (0x80 if v else 0))
        if not v:
            return bytes(b)

def entry(code, producer):
    specs = b'\x25\x0e' if producer else b''   # DW_AT_producer, DW_FORM_strp
    return uleb(code) + b'\x11\x00' + specs + b'\x00\x00'

def unit(aoff, code, stroff):
    die = uleb(code) + struct.pack('<I', stroff)
    body = struct.pack('<HIB', 4, aoff, 8) + die
    return struct.pack('<I', len(body)) + body

prod = b'GNU C17 12.2.0 -O2 -fstack-clash-protection'
half = size // 2
abbrev, info, strs = bytearray(), bytearray(), bytearray()
if mode == 'abbrev':
    k = max(2, half // 7)
    for c in range(1, k):
        abbrev += entry(c, False)
    abbrev += entry(k, True) + b'\x00'
    strs = prod + b'\x00'
    while len(info) < half:
        info += unit(0, k, 0)
elif mode == 'producer':
    abbrev = entry(1, True) + b'\x00'
    strs = bytearray(prod)
    while len(strs) < half:
        strs += b' -fstack-clash-protection'
    strs += b'\x00'
    while len(info) < half:
        info += unit(0, 1, 0)
elif mode == 'overlap':
    offs, c = [], 1
    while len(abbrev) < half:
        offs.append((len(abbrev), c))
        abbrev += entry(c, True)
        c += 1
    abbrev += b'\x00'
    strs = prod + b'\x00'
    i = 0
    while len(info) < half:
        a, c = offs[i % len(offs)]
        info += unit(a, c, 0)
        i += 1
elif mode == 'suffix':
    abbrev = entry(1, True) + b'\x00'
    strs = bytearray(prod)
    while len(strs) < half:
        strs += b' -fstack-clash-protection'
    strs += b'\x00'
    i = 0
    while len(info) < half:
        info += unit(0, 1, i % (len(strs) - 1))
        i += 1
else:
    sys.exit('gen_dwarf: unknown mode ' + mode)

shstr = b'\x00.shstrtab\x00.debug_abbrev\x00.debug_info\x00.debug_str\x00'
secs = [(1, 3, shstr), (11, 1, bytes(abbrev)), (25, 1, bytes(info)),
        (37, 1, bytes(strs))]
body, hdrs = bytearray(), [b'\x00' * 64]
for name, typ, data in secs:
    off = 64 + len(body)
    hdrs.append(struct.pack('<IIQQQQIIQQ', name, typ, 0, 0, off, len(data),
                            0, 0, 1, 0))
    body += data
while len(body) % 8:
    body += b'\x00'
shoff = 64 + len(body)
ident = b'\x7fELF\x02\x01\x01' + b'\x00' * 9
eh = ident + struct.pack('<HHIQQQIHHHHHH', 2, 62, 1, 0, 0, shoff, 0, 64,
                         0, 0, 64, len(hdrs), 1)
open(out, 'wb').write(eh + body + b''.join(hdrs))
