# gen_hostile_pe.py OUTDIR BASE...: the hostile variants of PE files and
# synthetic images (gen_hostile_pe in tests/audit/lib.sh; malformed.sh, fuzz.sh).
import os, random, struct, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
reject = open(os.path.join(out, 'REJECT'), 'a')

class Pe:
    def __init__(self, data):
        self.d = bytearray(data)
        self.lfanew = self.u('I', 0x3c)
        self.coff = self.lfanew + 4
        (self.machine, self.nsec, _, self.symoff, self.nsyms, self.optsz,
         _) = self.u('HHIIIHH', self.coff)
        self.opt = self.coff + 20
        self.is64 = self.u('H', self.opt) == 0x20b
        self.dirs = self.opt + (112 if self.is64 else 96)
        self.secs = self.opt + self.optsz
    def u(self, fmt, off):
        v = struct.unpack_from('<' + fmt, self.d, off)
        return v if len(v) > 1 else v[0]
    def p(self, fmt, off, *v):
        struct.pack_into('<' + fmt, self.d, off, *v)
    def dirent(self, i):
        return self.dirs + 8 * i
    def section(self, i):
        o = self.secs + 40 * i
        vsize, vaddr, rawsize, rawoff = self.u('IIII', o + 8)
        return dict(o=o, vsize=vsize, vaddr=vaddr, rawsize=rawsize, rawoff=rawoff)
    def rva(self, r):
        for i in range(self.nsec):
            s = self.section(i)
            if s['vaddr'] <= r < s['vaddr'] + min(s['rawsize'], s['vsize'] or s['rawsize']):
                return s['rawoff'] + r - s['vaddr']
        return None

def emit(base, name, data, must_reject=True):
    fn = os.path.join(out, '%s.%s' % (os.path.basename(base), name))
    open(fn, 'wb').write(bytes(data))
    if must_reject:
        reject.write(fn + '\n')

FAR = 0x7ffffff0
for base in sys.argv[2:]:
    raw = open(base, 'rb').read()
    E = lambda: Pe(raw)
    e = E()
    emit(base, 'pe-trunc-dos', raw[:0x30])
    emit(base, 'pe-trunc-sig', raw[:e.coff])
    emit(base, 'pe-trunc-coff', raw[:e.coff + 10])
    emit(base, 'pe-trunc-opt', raw[:e.opt + 40])
    emit(base, 'pe-trunc-sections', raw[:e.secs + 20])
    emit(base, 'pe-trunc-half', raw[:len(raw) // 2])
    e = E(); e.p('I', 0x3c, 0xfffffff0); emit(base, 'pe-lfanew-huge', e.d)
    e = E(); e.p('I', 0x3c, len(raw) - 2); emit(base, 'pe-lfanew-end', e.d)
    e = E(); e.p('H', e.coff + 2, 0xffff); emit(base, 'pe-nsections-huge', e.d)
    e = E(); e.p('H', e.coff + 2, 97); emit(base, 'pe-nsections-97', e.d)
    e = E(); e.p('H', e.coff + 16, 2); emit(base, 'pe-optsz-small', e.d)
    e = E(); e.p('H', e.opt, 0x107); emit(base, 'pe-opt-magic', e.d)
    e = E(); e.p('I', e.section(0)['o'] + 20, 0xfffffff0); emit(base, 'pe-section-past-end', e.d)
    e = E(); e.p('II', e.dirent(1), FAR, 40); emit(base, 'pe-import-dir-outside', e.d)
    e = E(); e.p('II', e.dirent(5), FAR, 0x100); emit(base, 'pe-reloc-outside', e.d)
    e = E(); e.p('II', e.dirent(6), FAR, 28); emit(base, 'pe-debug-outside', e.d)
    e = E(); e.p('II', e.dirent(10), FAR, 0x94); emit(base, 'pe-loadcfg-outside', e.d)
    imp = e.rva(e.u('I', e.dirent(1)))
    if imp is not None:
        e = E(); e.p('I', imp + 12, FAR); emit(base, 'pe-import-dllname-outside', e.d)
        e = E(); e.p('I', imp, FAR); emit(base, 'pe-import-lookup-outside', e.d)
        e = E(); ilt = e.rva(e.u('I', imp))
        if ilt is not None:
            e = E(); e.p('Q' if e.is64 else 'I', ilt, FAR); emit(base, 'pe-import-name-outside', e.d)
            # every descriptor's lookup table is the first one: overlap
            e = E(); k = 0
            while e.u('I', imp + 20 * k + 12) != 0:
                e.p('I', imp + 20 * k, e.u('I', imp)); k += 1
            emit(base, 'pe-import-shared-lookup', e.d, must_reject=False)
    if e.nsyms:
        e = E(); e.p('I', e.coff + 12, 0x7fffffff); emit(base, 'pe-nsyms-huge', e.d)
        e = E(); e.p('I', e.coff + 8, len(raw) - 10); emit(base, 'pe-symtab-past-end', e.d)
        e = E(); e.p('I', e.symoff + 18 * e.nsyms, 0xfffffff0); emit(base, 'pe-strtab-huge', e.d)
    # random flips in the headers and the import tables: no crash, no hang
    rnd = random.Random(len(raw))
    spots = [(0, min(len(raw), 1024))]
    if imp is not None:
        spots.append((imp, 512))
    for k in range(40):
        e = E()
        lo, n = spots[k % len(spots)]
        for _ in range(rnd.randint(1, 6)):
            e.d[min(len(raw) - 1, lo + rnd.randrange(n))] = rnd.randrange(256)
        emit(base, 'peflip%02d' % k, e.d, must_reject=False)

def image(body, imp_rva, imp_size, sect_rva=0x1000, falign=0x200):
    """A PE32+ program whose one section .idata (RVA sect_rva) is body."""
    vsize = len(body)
    body = body + b'\0' * (-len(body) % falign)
    hdr = bytearray(0x200)
    hdr[0:2] = b'MZ'
    struct.pack_into('<I', hdr, 0x3c, 0x40)
    hdr[0x40:0x44] = b'PE\0\0'
    struct.pack_into('<HHIIIHH', hdr, 0x44, 0x8664, 1, 0, 0, 0, 240, 0x22)
    opt = 0x58
    struct.pack_into('<H', hdr, opt, 0x20b)
    struct.pack_into('<QII', hdr, opt + 24, 0x140000000, 0x1000, falign)
    struct.pack_into('<II', hdr, opt + 56, sect_rva + len(body), 0x200)
    struct.pack_into('<HH', hdr, opt + 68, 3, 0x160)
    struct.pack_into('<I', hdr, opt + 108, 16)
    struct.pack_into('<II', hdr, opt + 112 + 8, imp_rva, imp_size)
    sec = opt + 240
    hdr[sec:sec + 8] = b'.idata\0\0'
    struct.pack_into('<IIII', hdr, sec + 8, vsize, sect_rva, len(body), 0x200)
    struct.pack_into('<I', hdr, sec + 36, 0xc0000040)
    return hdr + body

def imports(dlls, sect_rva=0x1000):
    """An .idata body importing, by name, the functions of each library:
    descriptors, lookup tables, then the names (the last one last)."""
    body = bytearray(20 * (len(dlls) + 1))
    ilts = []
    for dll, names in dlls:
        ilts.append(len(body))
        body += b'\0' * (8 * (len(names) + 1))
    for i, (dll, names) in enumerate(dlls):
        struct.pack_into('<IIIII', body, 20 * i, sect_rva + ilts[i], 0, 0,
                         sect_rva + len(body), sect_rva + ilts[i])
        body += dll.encode() + b'\0'
        for k, n in enumerate(names):
            body += b'\0' * (len(body) % 2)
            struct.pack_into('<Q', body, ilts[i] + 8 * k, sect_rva + len(body))
            body += b'\0\0' + n.encode() + b'\0'
    return bytes(body)

# A small valid image (a seed for the fuzz target), and one whose last
# name runs to the end of its section unterminated.
dlls = [('libssp-0.dll', ['__stack_chk_fail', '__stack_chk_guard', '__strcpy_chk']),
        ('msvcrt.dll', ['memcpy', 'printf'])]
body = imports(dlls)
emit('synthetic', 'small', image(body, 0x1000, 60), must_reject=False)
emit('synthetic', 'unterminated', image(body[:-1], 0x1000, 60))

# 4000 import descriptors that all share one lookup table of 30000
# entries, each naming one 300-byte name: 120 million names to read if
# every table were walked.
ndesc, nthunk, sect_rva = 4000, 30000, 0x1000
names_at = 20 * (ndesc + 1)
thunks_at = names_at + 512
body = bytearray(thunks_at + 8 * (nthunk + 1))
body[names_at + 2:names_at + 2 + 300] = b'A' * 300
for i in range(ndesc):
    struct.pack_into('<IIIII', body, 20 * i, sect_rva + thunks_at, 0, 0,
                     sect_rva + names_at + 2 + 299, sect_rva + thunks_at)
for j in range(nthunk):
    struct.pack_into('<Q', body, thunks_at + 8 * j, sect_rva + names_at)
emit('synthetic', 'name-loop', image(bytes(body), sect_rva, 20 * (ndesc + 1)))
