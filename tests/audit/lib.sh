# tests/audit/lib.sh - what the harden-audit tests share beyond tests/lib.sh
# (set-up, fail, skip, have, the ELF facts): building harden-audit, the
# probe sources, the corpus table and the hostile-file generator.
# Sourced by tests/audit/*.sh; HARDEN_SRCDIR and HARDEN_TMPDIR as described
# in tests/audit/README (from the repository root, HARDEN_SRCDIR defaults
# to it; HARDEN_TMPDIR to a new directory).

: "${HARDEN_SRCDIR:=$(pwd)}"
. "$HARDEN_SRCDIR/tests/lib.sh"
set -u

# build_audit [make variables...]: build tools/ into $T/bin, set AUDIT.
build_audit() {
	mkdir -p "$T/bin" || exit 99
	make -s -C "$HARDEN_SRCDIR/tools" O="$T/bin" \
	    CFLAGS="-O2 -g -Wall -Wextra -Werror" "$@" "$T/bin/harden-audit" \
	    >"$T/build.log" 2>&1 || { cat "$T/build.log" >&2; fail "cannot build harden-audit"; }
	AUDIT=$T/bin/harden-audit
}

# Probe sources of the corpus.
write_sources() {
	mkdir -p "$T/src"
	cat >"$T/src/prog.c" <<'EOS'
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* memcpy through a volatile pointer: not folded, size unknown. */
static void *(*volatile cpy)(void *, const void *, size_t) = memcpy;

int
work(int argc, char **argv)
{
	char buf[64];
	char big[argc * 8192];	/* VLA: stack-clash probe */

	strcpy(buf, argv[0]);
	snprintf(big, sizeof(big), "%s", buf);
	cpy(big, buf, 8);
	if (read(0, buf, sizeof(buf)) < 0)
		return 1;
	printf("%s %s\n", buf, big);
	return big[argc];
}

int
main(int argc, char **argv)
{
	return work(argc, argv);
}
EOS
	cat >"$T/src/nocanary.c" <<'EOS'
int
main(int argc, char **argv)
{
	(void)argv;
	return argc * 2;
}
EOS
	cat >"$T/src/lib.c" <<'EOS'
#include <stdio.h>
#include <string.h>

int
lib_fmt(char *out, size_t n, const char *s)
{
	char tmp[32];

	strcpy(tmp, s);
	return snprintf(out, n, "%s", tmp);
}
EOS
	cat >"$T/src/textrel.c" <<'EOS'
/* Built -fno-pic into an i386 shared object: a text relocation. */
int counter;

int
get(void)
{
	return counter;
}
EOS
	cat >"$T/src/bare.c" <<'EOS'
/* No libc: links for any target with -nostdlib. */
char buf[100];

void
_start(void)
{
	for (;;)
		buf[0]++;
}
EOS
}

# The corpus: name|compiler|source|flags|post.  compiler: gcc, clang, a64
# (aarch64-linux-gnu-gcc), musl (musl-gcc), clang19, tcc (all optional); post: strip,
# mixed-gcc / mixed-clang (link one more unit, lib.c compiled -g -O2 without
# the flags by that compiler), or empty.  Rows whose optional compiler is
# missing are not built (and not checked).
STD="-O2 -D_FORTIFY_SOURCE=3 -fstack-protector-strong -fstack-clash-protection -fcf-protection=full -fPIE -pie -Wl,-z,relro,-z,now -Wl,-z,noexecstack"
corpus_spec() {
	cat <<EOS
gcc-none|gcc|prog.c||
gcc-ssp|gcc|prog.c|-O2 -fstack-protector-strong|
gcc-fortify2|gcc|prog.c|-O2 -D_FORTIFY_SOURCE=2|
gcc-fortify3|gcc|prog.c|-O2 -D_FORTIFY_SOURCE=3|
gcc-fort-O0|gcc|prog.c|-O0 -D_FORTIFY_SOURCE=2 -Wno-cpp|
gcc-clash-norec|gcc|prog.c|-O2 -fstack-clash-protection|
gcc-clash-rec|gcc|prog.c|-O2 -fstack-clash-protection -frecord-gcc-switches|
gcc-clash-g|gcc|prog.c|-O2 -g -fstack-clash-protection|
gcc-clash-gz|gcc|prog.c|-O2 -g -gz -fstack-clash-protection|
gcc-clash-dwarf2|gcc|prog.c|-O2 -gdwarf-2 -fstack-clash-protection|
gcc-clash-dwarf64|gcc|prog.c|-O2 -g -gdwarf64 -fstack-clash-protection|
gcc-noclash-rec|gcc|prog.c|-O2 -frecord-gcc-switches|
gcc-init|gcc|prog.c|-O2 -ftrivial-auto-var-init=zero -frecord-gcc-switches|
gcc-misc|gcc|prog.c|-O2 -fwrapv -fno-strict-aliasing -fno-delete-null-pointer-checks -fzero-call-used-regs=used-gpr -frecord-gcc-switches|
gcc-cf|gcc|prog.c|-O2 -fcf-protection=full|
gcc-cet-forced|gcc|prog.c|-O2 -fcf-protection=full -Wl,-z,ibt -Wl,-z,shstk|
gcc-nopie|gcc|prog.c|-O2 -fno-pie -no-pie|
gcc-now|gcc|prog.c|-Wl,-z,now|
gcc-olddtags|gcc|prog.c|-Wl,--disable-new-dtags,-z,now|
gcc-execstack|gcc|prog.c|-Wl,-z,execstack|
gcc-norelro|gcc|prog.c|-Wl,-z,norelro|
gcc-now-norelro|gcc|prog.c|-Wl,-z,now -Wl,-z,norelro|
gcc-rpath|gcc|prog.c|-Wl,--disable-new-dtags,-rpath,/opt/harden/lib|
gcc-runpath|gcc|prog.c|-Wl,--enable-new-dtags,-rpath,\$ORIGIN/../lib|
gcc-standard|gcc|prog.c|$STD|
gcc-standard-rec|gcc|prog.c|$STD -frecord-gcc-switches|
gcc-standard-rec-stripped|gcc|prog.c|$STD -frecord-gcc-switches|strip
gcc-standard-stripped|gcc|prog.c|$STD|strip
gcc-nocanary-strong|gcc|nocanary.c|-O2 -fstack-protector-strong|
gcc-ssp-all-empty|gcc|nocanary.c|-O2 -fstack-protector-all|
gcc-static|gcc|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-static-nossp|gcc|prog.c|-static -O2 -fno-stack-protector|
gcc-static-stripped|gcc|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|strip
gcc-static-pie|gcc|prog.c|-static-pie -fPIE -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-lib.so|gcc|lib.c|-shared -fPIC -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro,-z,now|
gcc-lib-none.so|gcc|lib.c|-shared -fPIC|
gcc-obj.o|gcc|prog.c|-c -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-obj-rec.o|gcc|prog.c|-c -O2 -g -frecord-gcc-switches -fstack-clash-protection|
gcc-obj-execstack.o|gcc|bare.c|-c -O2 -Wa,--execstack|
gcc-m32.o|gcc|bare.c|-c -m32 -O2 -fcf-protection=full|
gcc-m32-static|gcc|bare.c|-m32 -O2 -nostdlib -static -fno-pie -no-pie|
gcc-m32-static-pie|gcc|bare.c|-m32 -O2 -nostdlib -static-pie -fPIE|
gcc-m32-textrel.so|gcc|textrel.c|-m32 -O2 -nostdlib -shared -fno-pic|
clang-none|clang|prog.c||
clang-standard|clang|prog.c|$STD|
clang-ssp-fort2|clang|prog.c|-O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
clang-clash-rec|clang|prog.c|-O2 -fstack-clash-protection -frecord-command-line|
clang-g-norecord|clang|prog.c|-O2 -g -fstack-clash-protection|
clang-g-record|clang|prog.c|-O2 -g -grecord-command-line -fstack-clash-protection|
clang-lld-now|clang|prog.c|-fuse-ld=lld -Wl,-z,relro,-z,now|
clang-static|clang|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
clang-lib.so|clang|lib.c|-shared -fPIC -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro,-z,now|
clang-nopie|clang|prog.c|-O2 -fno-pie -no-pie|
gcc-clash-g-mixed|gcc|prog.c|-O2 -g -fstack-clash-protection|mixed-gcc
gcc-clash-g-clang|gcc|prog.c|-O2 -g -fstack-clash-protection|mixed-clang
musl-clash-g|musl|prog.c|-O2 -g -fstack-clash-protection -fstack-protector-strong|
clang19-g-record|clang19|prog.c|-O2 -g -grecord-command-line -fstack-clash-protection -ftrivial-auto-var-init=zero|
tcc-none|tcc|prog.c||
a64-none|a64|prog.c||
a64-standard|a64|prog.c|-O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -mbranch-protection=standard -Wl,-z,relro,-z,now|
a64-forcebti|a64|prog.c|-O2 -mbranch-protection=standard -Wl,-z,force-bti|
a64-bti.o|a64|bare.c|-c -O2 -mbranch-protection=standard|
a64-be-static|a64|bare.c|-mbig-endian -O2 -nostdlib -static|
a64-be.so|a64|bare.c|-mbig-endian -O2 -nostdlib -shared -fPIC -Wl,-z,now|
a64-ilp32-be.o|a64|bare.c|-mabi=ilp32 -mbig-endian -c -O2 -mbranch-protection=bti|
EOS
}

compiler_for() {
	case $1 in
	gcc) echo "${HARDEN_GCC:-gcc}" ;;
	clang) echo "${HARDEN_CLANG:-clang}" ;;
	a64) echo aarch64-linux-gnu-gcc ;;
	musl) echo musl-gcc ;;
	clang19) echo clang-19 ;;
	tcc) echo tcc ;;
	esac
}

# build_corpus: build every row into $T/corpus; writes $T/corpus/LIST
# (names actually built).  A failure of a gcc or clang row is fatal;
# optional (a64) rows are skipped when the cross compiler is missing.
build_corpus() {
	write_sources
	mkdir -p "$T/corpus"
	: >"$T/corpus/LIST"
	corpus_spec | while IFS='|' read -r name cc src flags post; do
		c=$(compiler_for "$cc")
		if ! have "$c"; then
			case $cc in a64|musl|clang19|tcc) continue ;; esac
			fail "compiler $c not installed"
		fi
		extra=
		case $post in
		mixed-*)	# one more unit, compiled -g without the flags
			m=$(compiler_for "${post#mixed-}")
			$m -g -O2 -c -o "$T/corpus/$name-lib.o" "$T/src/lib.c" ||
				fail "cannot compile lib.c with $m"
			extra=$T/corpus/$name-lib.o
			;;
		esac
		# shellcheck disable=SC2086
		if ! $c $flags -o "$T/corpus/$name" "$T/src/$src" $extra \
		    >"$T/corpus/$name.log" 2>&1; then
			cat "$T/corpus/$name.log" >&2
			fail "cannot build corpus binary $name ($c $flags)"
		fi
		if [ "$post" = strip ]; then
			case $cc in
			a64) aarch64-linux-gnu-strip "$T/corpus/$name" ;;
			*) strip "$T/corpus/$name" ;;
			esac || fail "cannot strip $name"
		fi
		echo "$name" >>"$T/corpus/LIST"
	done || exit $?
}

# gen_hostile OUTDIR BASE...: write hostile variants of the valid ELF files
# BASE... into OUTDIR (one file per case, named BASE.case) and the list of
# cases that must be rejected (exit 2) into OUTDIR/REJECT.  Also writes
# OUTDIR/*.flip* (random byte flips, which may or may not stay valid).
gen_hostile() {
	python3 - "$@" <<'EOPY'
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
                e = E(); e.p(e.A, h['f_filesz'], 5); emit(base, 'note-truncated-%d' % k, e.d)
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
EOPY
}

# gen_dwarf MODE SIZE OUT: write OUT, a section-only ELF64 "static" file of
# about SIZE bytes whose DWARF is crafted to make a naive scan quadratic.
# Every unit's producer records -fstack-clash-protection.  MODE:
#   abbrev    one abbreviation table of ~SIZE/14 entries, the unit DIE's
#             code last; ~SIZE/36 units all use it
#   producer  ~SIZE/32 units share one producer string of ~SIZE/2 bytes
#   overlap   every unit uses its own table, each a suffix of one long chain
#   suffix    every unit's producer is a suffix of one long string
# abbrev and producer are well-formed (the verdict is yes); overlap and
# suffix are hostile (any verdict, but no hang).
gen_dwarf() {
	python3 - "$@" <<'EOPY'
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
EOPY
}
