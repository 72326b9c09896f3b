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
	# One build for every test of the same sources, compiler and arguments
	# (a build takes 5 s, 30 tests use one), renamed into place as the
	# Autoconf example's cache is (tests/lib.sh).
	_key=$( { cat "$HARDEN_SRCDIR"/tools/Makefile "$HARDEN_SRCDIR"/tools/audit/* \
		"$HARDEN_SRCDIR"/tools/lib/* "$HARDEN_SRCDIR"/catalog/*; \
		printf '%s\n' "CC=${CC-}" "$@"; } | cksum | sed 's/ .*//')
	_cache=${TMPDIR:-/tmp}/harden-test-audit-$_key
	if [ ! -x "$_cache/harden-audit" ]; then
		_tmp=$_cache.tmp.$$
		rm -rf "$_tmp" && mkdir -p "$_tmp" || exit 99
		make -s -C "$HARDEN_SRCDIR/tools" O="$_tmp" \
		    CFLAGS="-O2 -g -Wall -Wextra -Werror" "$@" "$_tmp/harden-audit" \
		    >"$T/build.log" 2>&1 || { cat "$T/build.log" >&2; fail "cannot build harden-audit"; }
		mv -T "$_tmp" "$_cache" 2>/dev/null || rm -rf "$_tmp"
	fi
	mkdir -p "$T/bin" && cp "$_cache/harden-audit" "$T/bin/" || exit 99
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
gcc-runpath-rel|gcc|prog.c|-Wl,--enable-new-dtags,-rpath,lib::/opt/x|
gcc-noseparate|gcc|prog.c|-Wl,-z,noseparate-code|
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

# gen_hostile_pe OUTDIR BASE...: like gen_hostile, for the Windows PE files
# BASE... (mingw-w64 programs and DLLs): truncated headers, e_lfanew out of
# range, huge NumberOfSections, a too small optional header, section data,
# import tables, load configuration, debug directory, base relocations and
# COFF symbol table pointing outside the file.  Also synthetic images:
# OUTDIR/synthetic.small (valid: a few imports, a fuzz seed),
# synthetic.unterminated (its last import name runs to the end of its
# section), and synthetic.name-loop, whose thousands of import descriptors
# share one lookup table whose name RVAs all lead to one long name:
# walking every descriptor's table would be quadratic, so it must be
# refused as overlapping tables within the time limit.  The cases to reject are
# appended to OUTDIR/REJECT; OUTDIR/*.peflip* are random flips (headers
# and import tables) that may stay valid.
gen_hostile_pe() {
	python3 - "$@" <<'EOPY'
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
EOPY
}

# gen_hostile_ar DIR OBJECT...: static libraries built from the objects
# in DIR: a valid one (ar.valid, GNU long names) and malformed ones, listed
# in DIR/AR-REJECT (the walk stops: exit 2, a message naming the archive),
# DIR/AR-MEMBER (one member is bad: exit 2, a message naming
# "lib(member)", the others still reported) and DIR/AR-FLIP (random byte
# flips in the headers and the name table: no crash, exit 0, 1 or 2).
gen_hostile_ar() {
	python3 - "$@" <<'EOPY'
import os, random, sys

out, objs = sys.argv[1], sys.argv[2:]
os.makedirs(out, exist_ok=True)
lists = {k: open(os.path.join(out, k), 'w') for k in ('AR-REJECT', 'AR-MEMBER', 'AR-FLIP')}

def hdr(name, size, fmag=b'`\n', size_field=None):
    f = size_field if size_field is not None else str(size).encode()
    h = name.ljust(16) + b'0'.ljust(12) + b'0'.ljust(6) + b'0'.ljust(6) + \
        b'644'.ljust(8) + f.ljust(10)[:10] + fmag
    assert len(h) == 60
    return h

def member(name, data, **kw):
    return hdr(name, len(data), **kw) + data + (b'\n' if len(data) % 2 else b'')

def archive(members, names=None):
    a = b'!<arch>\n' + member(b'/', b'\0\0\0\0')
    if names is not None:
        a += member(b'//', names)
    return a + b''.join(members)

def emit(kind, name, data):
    path = os.path.join(out, 'ar.' + name)
    open(path, 'wb').write(data)
    if kind:
        lists[kind].write(path + '\n')

blobs = [open(o, 'rb').read() for o in objs]
long = b'a_member_name_longer_than_sixteen.o'
names = long + b'/\n'
valid = archive([member(b'short.o/', blobs[0]), member(b'/0', blobs[-1])], names)
emit(None, 'valid', valid)
emit('AR-REJECT', 'trunc-header', valid[:8 + 30])
emit('AR-REJECT', 'trunc-member', valid[:len(valid) - 100])
emit('AR-REJECT', 'bad-fmag', archive([member(b'x.o/', blobs[0], fmag=b'XX')]))
emit('AR-REJECT', 'size-not-decimal', archive([member(b'x.o/', blobs[0], size_field=b'12a4')]))
emit('AR-REJECT', 'size-blank', archive([member(b'x.o/', blobs[0], size_field=b'')]))
emit('AR-REJECT', 'size-past-end', archive([hdr(b'x.o/', 0, size_field=b'999999999') + blobs[0]]))
emit('AR-REJECT', 'size-huge', archive([hdr(b'x.o/', 0, size_field=b'9999999999') + blobs[0]]))
emit('AR-REJECT', 'longname-no-table', archive([member(b'/0', blobs[0])]))
emit('AR-REJECT', 'longname-outside', archive([member(b'/4000', blobs[0])], names))
emit('AR-REJECT', 'longname-not-decimal', archive([member(b'/1x', blobs[0])], names))
emit('AR-REJECT', 'two-name-tables', archive([member(b'//', names), member(b'/0', blobs[0])], names))
emit('AR-REJECT', 'bsd-name-too-long', archive([hdr(b'#1/500', 10) + b'0123456789']))
emit('AR-MEMBER', 'member-text', archive([member(b'short.o/', blobs[0]), member(b'README/', b'not an object\n')]))
emit('AR-MEMBER', 'member-trunc-elf', archive([member(b'short.o/', blobs[0]), member(b'cut.o/', blobs[0][:40])]))
emit('AR-MEMBER', 'member-pe', archive([member(b'short.o/', blobs[0]), member(b'w.o/', b'MZ' + bytes(200))]))
# Still valid: an unterminated long name, a name table at the very end.
emit(None, 'longname-unterminated', archive([member(b'/0', blobs[0])], long))
rnd = random.Random(20)
for k in range(60):
    d = bytearray(valid)
    for _ in range(rnd.randint(1, 4)):
        # the magic is kept: the walk, not the identification, is tested
        d[rnd.randrange(8, 8 + 60 * 3 + len(names))] = rnd.randrange(256)
    emit('AR-FLIP', 'flip%02d' % k, bytes(d))
EOPY
}

# The Windows PE corpus: name|source|flags|post, built by mingw-w64's
# x86_64-w64-mingw32-gcc (PE32+) from the probe sources.  post: strip-free
# patches by pe_patch (nodir: the hardened program without its base
# relocation directory; norelocs: DYNAMIC_BASE and HIGH_ENTROPY_VA set on an
# image whose relocations were stripped).  mingw-w64's GCC links libssp
# only for -fstack-protector*: fortify without it needs -lssp.
PE_HARD="-O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wl,--dynamicbase,--high-entropy-va,--nxcompat"
PE_OFF="-Wl,--disable-dynamicbase,--disable-high-entropy-va,--disable-nxcompat"
PE_ON="-Wl,--dynamicbase,--high-entropy-va,--nxcompat"
pe_corpus_spec() {
	cat <<EOS
w-hard.exe|prog.c|$PE_HARD|
w-hard.dll|lib.c|-shared $PE_HARD|
w-none.exe|prog.c|-O2 $PE_OFF|
w-none.dll|lib.c|-shared -O2 $PE_OFF|
w-hard-stripped.exe|prog.c|$PE_HARD -s|
w-none-stripped.exe|prog.c|-O2 $PE_OFF -s|
w-noreloc.exe|prog.c|-O2 $PE_ON,--disable-reloc-section|
w-noheva.exe|prog.c|-O2 -Wl,--dynamicbase,--disable-high-entropy-va,--nxcompat|
w-static.exe|prog.c|-static $PE_HARD|
w-static-stripped.exe|prog.c|-static $PE_HARD -s|
w-ssp.exe|prog.c|-O2 -fstack-protector-strong $PE_ON|
w-fortify.exe|prog.c|-O2 -D_FORTIFY_SOURCE=2 $PE_ON -lssp|
w-fortify-static.exe|prog.c|-static -O2 -D_FORTIFY_SOURCE=2 $PE_ON -lssp|
w-fortify-O0.exe|prog.c|-O0 -D_FORTIFY_SOURCE=2 $PE_ON|
w-nodir.exe|prog.c|$PE_HARD|nodir
w-norelocs.exe|prog.c|-O2 $PE_ON,--disable-reloc-section|norelocs
EOS
}

# pe_patch FILE OR-MASK CLEAR-RELOC-DIR: set DllCharacteristics bits, and
# (1) empty the base relocation data directory, in place.
pe_patch() {
	python3 - "$@" <<'EOPY'
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
EOPY
}

# build_pe_corpus: build every row into $T/pe (LIST: names built), plus
# pe32-bare.exe, a PE32 without libc from clang and ld.lld (with the
# HIGH_ENTROPY_VA bit set, which means nothing in PE32), when both exist.
build_pe_corpus() {
	need x86_64-w64-mingw32-gcc
	write_sources
	mkdir -p "$T/pe"
	: >"$T/pe/LIST"
	pe_corpus_spec | while IFS='|' read -r name src flags post; do
		# After the source, so that -lssp resolves its calls.
		# shellcheck disable=SC2086
		x86_64-w64-mingw32-gcc -o "$T/pe/$name" "$T/src/$src" $flags \
		    >"$T/pe/$name.log" 2>&1 ||
			{ cat "$T/pe/$name.log" >&2; fail "cannot build $name ($flags)"; }
		case $post in
		nodir) pe_patch "$T/pe/$name" 0 1 ;;
		norelocs) pe_patch "$T/pe/$name" 0x60 0 ;;
		esac || fail "cannot patch $name"
		echo "$name" >>"$T/pe/LIST"
	done || exit $?
	if have ${HARDEN_CLANG:-clang} && have ld.lld; then
		# -O0: the store to buf keeps an absolute address to relocate.
		${HARDEN_CLANG:-clang} --target=i686-w64-mingw32 -O0 -c \
		    -o "$T/pe/bare32.o" "$T/src/bare.c" &&
		ld.lld -m i386pe --entry=__start --dynamicbase --nxcompat \
		    -o "$T/pe/pe32-bare.exe" "$T/pe/bare32.o" &&
		pe_patch "$T/pe/pe32-bare.exe" 0x20 0 ||
			fail "cannot build pe32-bare.exe"
		echo pe32-bare.exe >>"$T/pe/LIST"
	fi
}

# objdump_pe FILE: what x86_64-w64-mingw32-objdump -p (and nm, for the
# COFF symbols of a static program) say, independently of harden-audit:
# "kind dynamicbase high-entropy-va nxcompat canary fortify", each
# yes/no/?/n/a as harden-audit's table would print it.
objdump_pe() {
	x86_64-w64-mingw32-objdump -p "$1" >"$T/objdump.out" 2>/dev/null ||
		fail "objdump -p $1 failed"
	x86_64-w64-mingw32-nm "$1" >"$T/nm.out" 2>/dev/null || : >"$T/nm.out"
	set -- $(awk '
	function say(b) { return b ? "yes" : "no" }
	/^Characteristics / { inchar = 1; next }
	inchar && /^\t/ { if ($0 ~ /DLL$/) dll = 1; if ($0 ~ /relocations stripped/) stripped = 1; next }
	{ inchar = 0 }
	/^Magic/ { pe64 = ($0 ~ /PE32\+/) }
	/^DllCharacteristics/ { indc = 1; next }
	indc && /^\t\t/ { f[$1] = 1; next }
	{ indc = 0 }
	/^Entry 5 / { relocs = ($4 != "00000000") }
	/^The Import Tables/ { inimp = 1 }
	/^The Export Tables|^PE File Base Relocations|^The Function Table/ { inimp = 0 }
	inimp && /^\t[0-9a-f]+\t +[0-9]+ +[_A-Za-z]/ {
		n = $NF
		if (n == "__stack_chk_fail" || n == "__stack_chk_guard") canary = 1
		if (n == "__chk_fail" || (n ~ /^__[a-z0-9_]+_chk$/ && n !~ /^__stack_chk/)) fort = 1
	}
	END {
		dyn = f["DYNAMIC_BASE"] && relocs && !stripped
		printf "%s %s %s %s", dll ? "pe-dll" : "pe-exe", say(dyn),
		    pe64 ? say(f["HIGH_ENTROPY_VA"] && dyn) : "n/a", say(f["NX_COMPAT"])
		printf " %s %s\n", canary ? "yes" : "?", fort ? "yes" : "?"
	}' "$T/objdump.out")
	# Not imported: a static libssp leaves the canary code's
	# .refptr.__stack_chk_guard and each __X_chk a call needed (not
	# __chk_fail, which comes with __stack_chk_fail whatever is used).
	c=$5 f=$6
	grep -q ' \.refptr\.__stack_chk_guard$' "$T/nm.out" && c=yes
	grep -v -e __stack_chk -e ' __chk_fail$' "$T/nm.out" |
		grep -Eq ' T __[a-z0-9_]+_chk$' && f=yes
	echo "$1 $2 $3 $4 $c $f"
}

# audit_cols FILE COLUMN...: the table verdicts of FILE, by column name.
audit_cols() {
	_f=$1
	shift
	"$AUDIT" "$_f" | awk -v want="$*" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ n = split(want, w, " "); s = ""
	  for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") (w[i] == "TYPE" ? $1 : $col[w[i]])
	  print s }'
}

# fuzz_seeds DIR: the fuzzer's seed corpus: valid and hostile ELF files and
# PE files (mingw-w64 builds and hostile ones); prints the count of PE seeds.
fuzz_seeds() {
	build_corpus
	mkdir -p "$1"
	for _b in gcc-none gcc-standard-stripped gcc-obj.o gcc-m32.o gcc-m32-static-pie \
	    a64-be.so a64-ilp32-be.o gcc-clash-g clang-g-record gcc-clash-rec \
	    gcc-clash-g-mixed gcc-clash-dwarf2 gcc-clash-dwarf64 clang19-g-record; do
		[ -f "$T/corpus/$_b" ] && cp "$T/corpus/$_b" "$1/"
	done
	gen_hostile "$T/hostile" "$T/corpus/gcc-m32-static-pie" "$T/corpus/gcc-obj.o" ||
		fail "cannot generate hostile files"
	gen_hostile_ar "$T/hostile-ar" "$T/corpus/gcc-obj.o" "$T/corpus/gcc-m32.o" ||
		fail "cannot generate hostile archives"
	cp "$T/hostile-ar/ar.valid" "$T/hostile-ar/ar.member-text" \
	    "$T/hostile-ar/ar.longname-outside" "$1/" || fail "no archive seeds"
	# Many units sharing abbreviations and producers (small: 64 KB).
	for _m in abbrev producer overlap suffix; do
		gen_dwarf $_m 60000 "$1/dwarf-$_m" || fail "cannot generate dwarf-$_m"
	done
	cp "$T"/hostile/*.*-* "$1/" 2>/dev/null
	need x86_64-w64-mingw32-gcc
	build_pe_corpus
	for _b in w-hard.dll w-none-stripped.exe pe32-bare.exe; do
		[ -f "$T/pe/$_b" ] && cp "$T/pe/$_b" "$1/"
	done
	gen_hostile_pe "$T/hostile-pe" "$T/pe/w-none-stripped.exe" ||
		fail "cannot generate hostile PE files"
	cp "$T"/hostile-pe/*.pe-* "$T"/hostile-pe/synthetic.* "$1/" 2>/dev/null
	_npe=0
	for _f in "$1"/*; do
		[ "$(head -c 2 "$_f")" = MZ ] && _npe=$((_npe + 1))
	done
	[ "$_npe" -gt 1 ] || fail "no PE seeds"
	echo "$_npe"
}

# fuzz_build OUT: the fuzz target tools/audit/fuzz-elf.c (make -C tools
# fuzz) with libFuzzer, ASan and UBSan (clang and libclang-rt-14-dev, which
# .ci/run installs).
fuzz_build() {
	need clang make
	make -C "$HARDEN_SRCDIR/tools" O="${1%/*}" CC=clang \
	    CFLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all" \
	    "${1%/*}/fuzz-elf" >"$1.log" 2>&1 && { [ "$1" = "${1%/*}/fuzz-elf" ] || mv "${1%/*}/fuzz-elf" "$1"; } ||
		fail "cannot build the libFuzzer target: $(head -n 5 "$1.log")"
}

# fuzz_stats LOG: executions, coverage, features and corpus of a libFuzzer
# run (-print_final_stats=1), on one line.
fuzz_stats() {
	awk '/^stat::number_of_executed_units/ { e = $2 }
	     /^stat::average_exec_per_sec/ { r = $2 }
	     /^#[0-9]+/ && / cov: / { for (i = 1; i < NF; i++) { if ($i == "cov:") c = $(i + 1); if ($i == "ft:") f = $(i + 1); if ($i == "corp:") k = $(i + 1) } }
	     END { printf "%s executions (%s/s), coverage %s edges, %s features, corpus %s\n", e, r, c, f, k }' "$1"
}

# check_expect WANT FEATURES FILE...: harden-audit -q --expect FEATURES
# FILE... exits WANT; its messages stay in $T/err for said TEXT.
check_expect() {
	want=$1 feats=$2
	shift 2
	"$AUDIT" -q --expect "$feats" "$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || { cat "$T/err" >&2; fail "--expect $feats $*: exit $got, want $want"; }
}
said() {
	grep -qF "$1" "$T/err" || { cat "$T/err" >&2; fail "no message '$1'"; }
}
