# gen_hostile.py OUTDIR BASE...: the hostile variants of valid ELF files
# (gen_hostile in tests/audit/lib.sh says which; malformed.sh, fuzz.sh).
import os, random, struct, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
reject = open(os.path.join(out, 'REJECT'), 'w')
open(os.path.join(out, 'VALID'), 'w').close()

class Elf:
    def __init__(self, data):
        self.d = bytearray(data)
        self.is64 = data[4] == 2
        self.e = '>' if data[5] == 2 else '<'
        if self.is64:
            (self.phoff, self.shoff) = self.u('QQ', 32)
            (self.phentsize, self.phnum, self.shentsize, self.shnum,
             self.shstrndx) = self.u('HHHHH', 54)
        else:
            (self.phoff, self.shoff) = self.u('II', 28)
            (self.phentsize, self.phnum, self.shentsize, self.shnum,
             self.shstrndx) = self.u('HHHHH', 42)
    def u(self, fmt, off):
        return struct.unpack_from(self.e + fmt, self.d, off)
    def p(self, fmt, off, *v):
        struct.pack_into(self.e + fmt, self.d, off, *v)
    A = property(lambda s: 'Q' if s.is64 else 'I')
    # field offsets in the ELF header
    def eh(self, name):
        t64 = dict(phoff=32, shoff=40, phentsize=54, phnum=56, shentsize=58, shnum=60, shstrndx=62)
        t32 = dict(phoff=28, shoff=32, phentsize=42, phnum=44, shentsize=46, shnum=48, shstrndx=50)
        return (t64 if self.is64 else t32)[name]
    def phdrs(self):
        r = []
        for i in range(self.phnum):
            o = self.phoff + i * self.phentsize
            if self.is64:
                t, fl, off, va, pa, fs, ms, al = self.u('IIQQQQQQ', o)
                r.append(dict(o=o, type=t, offset=off, vaddr=va, filesz=fs,
                              f_off=o + 8, f_filesz=o + 32))
            else:
                t, off, va, pa, fs, ms, fl, al = self.u('IIIIIIII', o)
                r.append(dict(o=o, type=t, offset=off, vaddr=va, filesz=fs,
                              f_off=o + 4, f_filesz=o + 16))
        return r
    def shdrs(self):
        r = []
        for i in range(self.shnum):
            o = self.shoff + i * self.shentsize
            if self.is64:
                nm, t, fl, ad, off, sz, ln, inf, al, es = self.u('IIQQQQIIQQ', o)
                r.append(dict(o=o, type=t, offset=off, size=sz, link=ln,
                              f_off=o + 24, f_size=o + 32, f_link=o + 40, f_name=o))
            else:
                nm, t, fl, ad, off, sz, ln, inf, al, es = self.u('IIIIIIIIII', o)
                r.append(dict(o=o, type=t, offset=off, size=sz, link=ln,
                              f_off=o + 16, f_size=o + 20, f_link=o + 24, f_name=o))
        return r
    def dyn(self):
        for h in self.phdrs():
            if h['type'] == 2:
                es = 16 if self.is64 else 8
                return [(h['offset'] + i * es,) + self.u(self.A * 2, h['offset'] + i * es)
                        for i in range(h['filesz'] // es)]
        return []

def emit(base, name, data, must_reject=True):
    fn = os.path.join(out, '%s.%s' % (os.path.basename(base), name))
    open(fn, 'wb').write(bytes(data))
    if must_reject:
        reject.write(fn + '\n')

BIG = 0xfffffff0
for base in sys.argv[2:]:
    raw = open(base, 'rb').read()
    E = lambda: Elf(raw)
    emit(base, 'empty', b'')
    emit(base, 'magic-only', raw[:4])
    emit(base, 'trunc-ehdr', raw[:40])
    e = E(); e.d[4] = 7; emit(base, 'bad-class', e.d)
    e = E(); e.d[5] = 9; emit(base, 'bad-data', e.d)
    e = E(); emit(base, 'trunc-half', e.d[:len(e.d) // 2])
    e = E(); e.p(e.A, e.eh('shoff'), len(raw) + 4096); emit(base, 'shoff-past-end', e.d)
    e = E(); e.p('H', e.eh('shentsize'), 12); emit(base, 'bad-shentsize', e.d)
    e = E(); e.p('H', e.eh('shnum'), 0xfff0); emit(base, 'shnum-huge', e.d)
    if e.shnum:
        e = E(); e.p('H', e.eh('shstrndx'), e.shnum + 5); emit(base, 'shstrndx-range', e.d)
        # e_shnum overflow through extended numbering (sh[0].sh_size)
        e = E(); e.p('H', e.eh('shnum'), 0)
        e.p(e.A, e.shdrs()[0]['f_size'], (1 << (63 if e.is64 else 31)) + 3)
        emit(base, 'shnum-xnum-overflow', e.d)
        e = E(); s = e.shdrs()[-1]; e.p(e.A, s['f_off'], BIG); emit(base, 'section-past-end', e.d)
        e = E(); s = e.shdrs()[1]; e.p(e.A, s['f_size'], BIG); emit(base, 'section-size-huge', e.d)
        e = E(); s = e.shdrs()[1]; e.p(e.A, s['f_off'], 0); e.p(e.A, s['f_size'], 16)
        if s['type'] not in (0, 8): emit(base, 'section-overlaps-ehdr', e.d)
        for k, s in enumerate(e.shdrs()):
            if s['type'] in (2, 11):		# SYMTAB / DYNSYM
                e = E(); e.p('I', s['f_link'], 0xffff); emit(base, 'symtab-link-%d' % k, e.d)
                e = E(); st = e.shdrs()[s['link']]
                # every symbol name past its string table
                es = 24 if e.is64 else 16
                for j in range(1, s['size'] // es):
                    e.p('I', s['offset'] + j * es, st['size'] + 7)
                if s['size'] // es > 1: emit(base, 'symname-past-strtab-%d' % k, e.d)
    if e.phnum:
        e = E(); e.p(e.A, e.eh('phoff'), 16); emit(base, 'phdr-overlaps-ehdr', e.d)
        e = E(); e.p(e.A, e.eh('phoff'), len(raw) - 8); emit(base, 'phoff-past-end', e.d)
        e = E(); e.p('H', e.eh('phentsize'), 7); emit(base, 'bad-phentsize', e.d)
        e = E(); e.p('H', e.eh('phnum'), 0xfffe); emit(base, 'phnum-huge', e.d)
        if e.shnum:
            e = E(); e.p('H', e.eh('phnum'), 0xffff)	# PN_XNUM -> sh[0].sh_info
            e.p('I', e.shdrs()[0]['o'] + (44 if e.is64 else 28), BIG)
            emit(base, 'phnum-xnum-overflow', e.d)
            e = E(); e.p(e.A, e.eh('shoff'), e.phoff); emit(base, 'phdr-shdr-overlap', e.d)
        for k, h in enumerate(e.phdrs()):
            if h['type'] == 1 and h['filesz']:
                e = E(); e.p(e.A, h['f_off'], len(raw) + 100); emit(base, 'load-past-end-%d' % k, e.d)
            if h['type'] == 2:
                e = E(); e.p(e.A, h['f_filesz'], BIG); emit(base, 'dynamic-huge', e.d)
            if h['type'] == 4 and h['filesz'] >= 12:
                e = E(); e.p('I', h['offset'] + 4, BIG); emit(base, 'note-desc-huge-%d' % k, e.d)
                e = E(); e.p('I', h['offset'], BIG); emit(base, 'note-name-huge-%d' % k, e.d)
                # the notes are read from the sections when there are any
                e = E(); e.p(e.A, h['f_filesz'], 5)
                for s in e.shdrs():
                    if s['type'] == 7 and s['offset'] == h['offset']:
                        e.p(e.A, s['f_size'], 5)
                emit(base, 'note-truncated-%d' % k, e.d)
                e = E(); e.p('I', h['offset'] + 4, h['filesz']); emit(base, 'note-desc-oversized-%d' % k, e.d)
        d = E().dyn()
        if d:
            e = E()
            for (o, tag, val) in d:
                if tag == 0: e.p(e.A, o, 21)		# DT_NULL -> DT_DEBUG
            emit(base, 'dynamic-no-dt-null', e.d)
            for (o, tag, val) in d:
                if tag in (1, 14, 15, 29):		# NEEDED SONAME RPATH RUNPATH
                    e = E(); e.p(e.A, o + (8 if e.is64 else 4), BIG)
                    emit(base, 'dynstr-offset-past-end', e.d)
                    break
            for (o, tag, val) in d:
                if tag == 10:				# DT_STRSZ
                    e = E(); e.p(e.A, o + (8 if e.is64 else 4), BIG)
                    emit(base, 'strsz-huge', e.d)
    # Without section headers the dynamic symbols are found through
    # DT_SYMTAB and DT_GNU_HASH: a valid variant, then broken hash tables.
    if E().dyn() and E().shnum:
        def noshdr():
            e = E()
            e.p(e.A, e.eh('shoff'), 0)
            e.p('H', e.eh('shnum'), 0)
            e.p('H', e.eh('shstrndx'), 0)
            return e
        e = noshdr(); emit(base, 'noshdr', e.d, must_reject=False)
        for k, h in enumerate(e.phdrs()):	# ... else from PT_NOTE
            if h['type'] == 4 and h['filesz'] >= 12:
                e = noshdr(); e.p(e.A, h['f_filesz'], 5)
                emit(base, 'noshdr-note-truncated-%d' % k, e.d)
                e = noshdr(); e.p('I', h['offset'] + 4, BIG)
                emit(base, 'noshdr-note-desc-huge-%d' % k, e.d)
        e = noshdr()
        open(os.path.join(out, 'VALID'), 'a').write(
            '%s %s\n' % (base, os.path.join(out, os.path.basename(base) + '.noshdr')))
        has_hash = any(t == 4 for (o, t, v) in e.dyn())
        for (o, tag, val) in e.dyn():
            if tag == 4:			# DT_HASH: nchain huge
                for h in e.phdrs():
                    if h['type'] == 1 and h['vaddr'] <= val < h['vaddr'] + h['filesz']:
                        e = noshdr(); e.p('I', h['offset'] + val - h['vaddr'] + 4, BIG)
                        emit(base, 'hash-nchain-huge', e.d)
                        break
            if tag == 0x6ffffef5 and not has_hash:	# DT_GNU_HASH (used)
                for h in e.phdrs():
                    if h['type'] == 1 and h['vaddr'] <= val < h['vaddr'] + h['filesz']:
                        off = h['offset'] + val - h['vaddr']
                        e = noshdr(); e.p('I', off + 8, 0x7fffffff)
                        emit(base, 'gnuhash-bloom-huge', e.d)
                        e = noshdr(); e.p('I', off, 0x7fffffff)
                        emit(base, 'gnuhash-nbuckets-huge', e.d)
                        e = noshdr(); e.p(e.A, o + (8 if e.is64 else 4), val + (1 << 30))
                        emit(base, 'gnuhash-unmapped', e.d)
                        break
    # byte flips inside the DWARF sections (dwarf.c): never fatal, no crash
    e = E()
    if e.shnum and e.shstrndx < e.shnum:
        sh = e.shdrs()
        st = sh[e.shstrndx]
        def secname(x):
            o = st['offset'] + e.u('I', x['f_name'])[0]
            return bytes(e.d[o:e.d.index(0, o)]).decode('latin1')
        dw = [x for x in sh if x['type'] == 1 and secname(x) in
              ('.debug_info', '.debug_abbrev', '.debug_str_offsets')]
        rnd = random.Random(7)
        for k in range(60 if dw else 0):
            e = E()
            x = dw[k % len(dw)]
            for _ in range(rnd.randint(1, 4)):
                e.d[x['offset'] + rnd.randrange(x['size'])] = rnd.randrange(256)
            emit(base, 'dwflip%02d' % k, e.d, must_reject=False)
    # random byte flips: must not crash or hang; may stay valid
    rnd = random.Random(len(raw))
    for k in range(40):
        e = E()
        for _ in range(rnd.randint(1, 8)):
            pos = rnd.randrange(0, min(len(raw), 4096))
            e.d[pos] = rnd.randrange(256)
        emit(base, 'flip%02d' % k, e.d, must_reject=False)
