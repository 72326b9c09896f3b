/*
 * elf.c - bounds-checked ELF reader: see elf.h.
 *
 * Integers are assembled byte by byte, so the reader works for either byte
 * order on any host and never performs a misaligned load (the reasoning of
 * mold's lib/integers.h).  All offsets and counts from the file are checked
 * against the file size with overflow-safe comparisons before use.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf.h"

#define NSTRLIM		4	/* string tables remembered by elf_str() */

#define PT_LOAD_	1
#define PT_DYNAMIC_	2
#define SHT_NOBITS_	8
#define SHT_DYNAMIC_	6
#define SHT_SYMTAB_	2
#define SHT_DYNSYM_	11
#define SHT_STRTAB_	3
#define DT_NULL_	0
#define DT_HASH_	4
#define DT_STRTAB_	5
#define DT_SYMTAB_	6
#define DT_STRSZ_	10
#define DT_SYMENT_	11
#define DT_GNU_HASH_	0x6ffffef5
#define PN_XNUM_	0xffff
#define SHN_XINDEX_	0xffff
#define NT_GNU_PROPERTY_TYPE_0_	5

static int	fail(struct elf *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static int
fail(struct elf *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->err, sizeof(e->err), fmt, ap);
	va_end(ap);
	return -1;
}

uint16_t
elf_rd16(const struct elf *e, const unsigned char *p)
{
	if (e->big)
		return (uint16_t)((unsigned)p[0] << 8 | p[1]);
	return (uint16_t)((unsigned)p[1] << 8 | p[0]);
}

uint32_t
elf_rd32(const struct elf *e, const unsigned char *p)
{
	if (e->big)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

uint64_t
elf_rd64(const struct elf *e, const unsigned char *p)
{
	uint64_t hi, lo;

	if (e->big) {
		hi = elf_rd32(e, p);
		lo = elf_rd32(e, p + 4);
	} else {
		lo = elf_rd32(e, p);
		hi = elf_rd32(e, p + 4);
	}
	return hi << 32 | lo;
}

/* Read an address-sized word (Elf32_Addr/Off or Elf64_Addr/Off). */
static uint64_t
rdaddr(const struct elf *e, const unsigned char *p)
{
	return e->is64 ? elf_rd64(e, p) : elf_rd32(e, p);
}

const unsigned char *
elf_ptr(const struct elf *e, uint64_t off, uint64_t len)
{
	if (off > e->size || len > e->size - off)
		return NULL;
	return e->data + off;
}

/* Does [a, a+alen) intersect [b, b+blen)?  Both ranges are inside the file. */
static int
overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return alen != 0 && blen != 0 && a < b + blen && b < a + alen;
}

static int
load_shdrs(struct elf *e, uint64_t shoff, size_t shentsize, size_t ehsize)
{
	const unsigned char *p;
	size_t i;

	for (i = 0; i < e->shnum; i++) {
		struct elf_shdr *s = &e->sh[i];

		p = e->data + shoff + i * shentsize;
		s->name = elf_rd32(e, p);
		s->type = elf_rd32(e, p + 4);
		if (e->is64) {
			s->flags = elf_rd64(e, p + 8);
			s->addr = elf_rd64(e, p + 16);
			s->offset = elf_rd64(e, p + 24);
			s->size = elf_rd64(e, p + 32);
			s->link = elf_rd32(e, p + 40);
			s->info = elf_rd32(e, p + 44);
			s->addralign = elf_rd64(e, p + 48);
			s->entsize = elf_rd64(e, p + 56);
		} else {
			s->flags = elf_rd32(e, p + 8);
			s->addr = elf_rd32(e, p + 12);
			s->offset = elf_rd32(e, p + 16);
			s->size = elf_rd32(e, p + 20);
			s->link = elf_rd32(e, p + 24);
			s->info = elf_rd32(e, p + 28);
			s->addralign = elf_rd32(e, p + 32);
			s->entsize = elf_rd32(e, p + 36);
		}
		if (i == 0 || s->type == 0 || s->type == SHT_NOBITS_ ||
		    s->size == 0)
			continue;
		if (elf_ptr(e, s->offset, s->size) == NULL)
			return fail(e, "section %zu extends past end of file "
			    "(offset %llu, size %llu, file size %zu)", i,
			    (unsigned long long)s->offset,
			    (unsigned long long)s->size, e->size);
		if (overlap(s->offset, s->size, 0, ehsize))
			return fail(e, "section %zu overlaps the ELF header", i);
	}
	return 0;
}

static int
load_phdrs(struct elf *e, uint64_t phoff, size_t phentsize)
{
	const unsigned char *p;
	size_t i;

	for (i = 0; i < e->phnum; i++) {
		struct elf_phdr *h = &e->ph[i];

		p = e->data + phoff + i * phentsize;
		h->type = elf_rd32(e, p);
		if (e->is64) {
			h->flags = elf_rd32(e, p + 4);
			h->offset = elf_rd64(e, p + 8);
			h->vaddr = elf_rd64(e, p + 16);
			h->filesz = elf_rd64(e, p + 32);
			h->memsz = elf_rd64(e, p + 40);
			h->align = elf_rd64(e, p + 48);
		} else {
			h->offset = elf_rd32(e, p + 4);
			h->vaddr = elf_rd32(e, p + 8);
			h->filesz = elf_rd32(e, p + 16);
			h->memsz = elf_rd32(e, p + 20);
			h->flags = elf_rd32(e, p + 24);
			h->align = elf_rd32(e, p + 28);
		}
		if (h->filesz != 0 && elf_ptr(e, h->offset, h->filesz) == NULL)
			return fail(e, "program header %zu (type 0x%x) extends "
			    "past end of file (offset %llu, size %llu, file "
			    "size %zu)", i, h->type,
			    (unsigned long long)h->offset,
			    (unsigned long long)h->filesz, e->size);
	}
	return 0;
}

/* Decode the dynamic array at [off, off+len) up to DT_NULL. */
static int
load_dynamic(struct elf *e, uint64_t off, uint64_t len)
{
	size_t entsz = e->is64 ? 16 : 8, n, i;
	const unsigned char *p;

	if (len == 0)
		return fail(e, "empty dynamic segment (a separate debug-info "
		    "file?)");
	if ((p = elf_ptr(e, off, len)) == NULL)
		return fail(e, "dynamic section past end of file");
	/* Count up to DT_NULL first: memory follows the table, not filesz. */
	n = (size_t)(len / entsz);
	for (i = 0; i < n && rdaddr(e, p + i * entsz) != DT_NULL_; i++)
		;
	if (i == n)
		return fail(e, "dynamic section has no DT_NULL terminator");
	n = i;
	if ((e->dyn = calloc(n + 1, sizeof(*e->dyn))) == NULL)
		return fail(e, "%s", strerror(errno));
	for (i = 0; i < n; i++, p += entsz) {
		e->dyn[i].tag = e->is64 ? (int64_t)elf_rd64(e, p) :
		    (int64_t)(int32_t)elf_rd32(e, p);
		e->dyn[i].val = rdaddr(e, p + entsz / 2);
	}
	e->dynnum = n;
	return 0;
}

int
elf_load(struct elf *e, const unsigned char *d, size_t n)
{
	uint64_t phoff, shoff;
	size_t ehsize, phentsize, shentsize, i;

	memset(e, 0, sizeof(*e));
	e->data = d;
	e->size = n;
	if (n < 16 || memcmp(d, "\177ELF", 4) != 0)
		return fail(e, "not an ELF file");
	if ((e->lim = calloc(NSTRLIM, sizeof(*e->lim))) == NULL)
		return fail(e, "%s", strerror(errno));
	if (d[4] != 1 && d[4] != 2)
		return fail(e, "bad ELF class %u", d[4]);
	if (d[5] != 1 && d[5] != 2)
		return fail(e, "bad ELF data encoding %u", d[5]);
	e->is64 = d[4] == 2;
	e->big = d[5] == 2;
	ehsize = e->is64 ? 64 : 52;
	if (n < ehsize)
		return fail(e, "truncated ELF header (%zu bytes)", n);
	e->type = elf_rd16(e, d + 16);
	e->machine = elf_rd16(e, d + 18);
	e->entry = rdaddr(e, d + 24);
	phoff = rdaddr(e, d + (e->is64 ? 32 : 28));
	shoff = rdaddr(e, d + (e->is64 ? 40 : 32));
	phentsize = elf_rd16(e, d + (e->is64 ? 54 : 42));
	e->phnum = elf_rd16(e, d + (e->is64 ? 56 : 44));
	shentsize = elf_rd16(e, d + (e->is64 ? 58 : 46));
	e->shnum = elf_rd16(e, d + (e->is64 ? 60 : 48));
	e->shstrndx = elf_rd16(e, d + (e->is64 ? 62 : 50));

	/* Section headers first: entry 0 holds the extended counts. */
	if (shoff != 0) {
		const unsigned char *s0;

		if (shentsize != (e->is64 ? 64u : 40u))
			return fail(e, "bad e_shentsize %zu", shentsize);
		if (shoff < ehsize)
			return fail(e, "section headers overlap the ELF header");
		if ((s0 = elf_ptr(e, shoff, shentsize)) == NULL)
			return fail(e, "section header table offset %llu past "
			    "end of file", (unsigned long long)shoff);
		if (e->shnum == 0)
			e->shnum = (size_t)rdaddr(e, s0 + (e->is64 ? 32 : 20));
		if (e->phnum == PN_XNUM_)
			e->phnum = elf_rd32(e, s0 + (e->is64 ? 44 : 28));
		if (e->shstrndx == SHN_XINDEX_)
			e->shstrndx = elf_rd32(e, s0 + (e->is64 ? 40 : 24));
		if (e->shnum > (n - shoff) / shentsize)
			return fail(e, "section header table (%zu entries at "
			    "offset %llu) extends past end of file", e->shnum,
			    (unsigned long long)shoff);
	} else if (e->shnum != 0)
		return fail(e, "e_shnum %zu without section header table",
		    e->shnum);
	if (e->shstrndx >= e->shnum && e->shstrndx != 0)
		return fail(e, "e_shstrndx %zu out of range (%zu sections)",
		    e->shstrndx, e->shnum);

	if (e->phnum != 0) {
		if (phentsize != (e->is64 ? 56u : 32u))
			return fail(e, "bad e_phentsize %zu", phentsize);
		if (phoff < ehsize)
			return fail(e, "program headers overlap the ELF header");
		if (phoff > n || e->phnum > (n - phoff) / phentsize)
			return fail(e, "program header table (%zu entries at "
			    "offset %llu) extends past end of file", e->phnum,
			    (unsigned long long)phoff);
		if (overlap(phoff, e->phnum * phentsize, shoff,
		    e->shnum * shentsize))
			return fail(e, "program and section header tables "
			    "overlap");
	}

	if ((e->ph = calloc(e->phnum + 1, sizeof(*e->ph))) == NULL ||
	    (e->sh = calloc(e->shnum + 1, sizeof(*e->sh))) == NULL)
		return fail(e, "%s", strerror(errno));
	if (load_shdrs(e, shoff, shentsize, ehsize) == -1 ||
	    load_phdrs(e, phoff, phentsize) == -1)
		return -1;

	for (i = 0; i < e->phnum; i++)
		if (e->ph[i].type == PT_DYNAMIC_)
			return load_dynamic(e, e->ph[i].offset,
			    e->ph[i].filesz);
	if (e->phnum == 0)
		for (i = 1; i < e->shnum; i++)
			if (e->sh[i].type == SHT_DYNAMIC_)
				return load_dynamic(e, e->sh[i].offset,
				    e->sh[i].size);
	return 0;
}

void
elf_close(struct elf *e)
{
	free(e->ph);
	free(e->sh);
	free(e->dyn);
	free(e->lim);
	memset(e, 0, sizeof(*e));
}

int
elf_vtooff(const struct elf *e, uint64_t vaddr, uint64_t len, uint64_t *off)
{
	size_t i;

	for (i = 0; i < e->phnum; i++) {
		const struct elf_phdr *h = &e->ph[i];

		if (h->type != PT_LOAD_ || vaddr < h->vaddr ||
		    vaddr - h->vaddr >= h->filesz ||
		    len > h->filesz - (vaddr - h->vaddr))
			continue;
		*off = h->offset + (vaddr - h->vaddr);
		return 0;
	}
	return -1;
}

/*
 * One past the last NUL of [tab, tab+tabsz), remembered per table: a
 * memchr per string would be quadratic when many names point into one
 * long unterminated run.
 */
static uint64_t
strlim(const struct elf *e, uint64_t tab, uint64_t tabsz)
{
	const unsigned char *p = e->data + tab;
	struct elf_strlim *l;
	uint64_t k;
	size_t i;

	for (i = 0; i < NSTRLIM; i++)
		if (e->lim[i].tabsz != 0 && e->lim[i].tab == tab &&
		    e->lim[i].tabsz == tabsz)
			return e->lim[i].lim;
	for (k = tabsz; k > 0 && p[k - 1] != '\0'; k--)
		;
	/* The first tables keep their slots; the last slot is reused. */
	for (i = 0; i < NSTRLIM - 1 && e->lim[i].tabsz != 0; i++)
		;
	l = &e->lim[i];
	l->tab = tab;
	l->tabsz = tabsz;
	l->lim = k;
	return k;
}

const char *
elf_str(const struct elf *e, uint64_t tab, uint64_t tabsz, uint64_t off)
{
	if (off >= tabsz || elf_ptr(e, tab, tabsz) == NULL || e->lim == NULL)
		return NULL;
	if (off >= strlim(e, tab, tabsz))
		return NULL;
	return (const char *)e->data + tab + off;
}

const char *
elf_secname(const struct elf *e, const struct elf_shdr *s)
{
	const struct elf_shdr *st;

	if (e->shstrndx == 0)
		return NULL;
	st = &e->sh[e->shstrndx];
	if (st->type == SHT_NOBITS_)
		return NULL;
	return elf_str(e, st->offset, st->size, s->name);
}

const struct elf_shdr *
elf_section(const struct elf *e, const char *name)
{
	const char *s;
	size_t i;

	for (i = 1; i < e->shnum; i++)
		if ((s = elf_secname(e, &e->sh[i])) != NULL &&
		    strcmp(s, name) == 0)
			return &e->sh[i];
	return NULL;
}

int
elf_dynval(const struct elf *e, int64_t tag, uint64_t *val)
{
	size_t i;

	for (i = 0; i < e->dynnum; i++)
		if (e->dyn[i].tag == tag) {
			if (val != NULL)
				*val = e->dyn[i].val;
			return 1;
		}
	return 0;
}

/* Number of dynamic symbols from DT_HASH (nchain) or a DT_GNU_HASH walk. */
static int
dynsym_count(struct elf *e, uint64_t *count)
{
	const unsigned char *p;
	uint64_t v, off, nbuckets, symoff, bloom, maxsym, i, pos, wsz;

	if (elf_dynval(e, DT_HASH_, &v)) {
		if (elf_vtooff(e, v, 8, &off) == -1 ||
		    (p = elf_ptr(e, off, 8)) == NULL)
			return fail(e, "DT_HASH outside the file");
		*count = elf_rd32(e, p + 4);
		return 0;
	}
	if (!elf_dynval(e, DT_GNU_HASH_, &v))
		return fail(e, "dynamic symbol table without DT_HASH or "
		    "DT_GNU_HASH");
	if (elf_vtooff(e, v, 16, &off) == -1 ||
	    (p = elf_ptr(e, off, 16)) == NULL)
		return fail(e, "DT_GNU_HASH outside the file");
	nbuckets = elf_rd32(e, p);
	symoff = elf_rd32(e, p + 4);
	bloom = elf_rd32(e, p + 8);
	wsz = e->is64 ? 8 : 4;
	pos = off + 16 + bloom * wsz;	/* bloom < 2^32: no overflow */
	if ((p = elf_ptr(e, pos, nbuckets * 4)) == NULL)
		return fail(e, "DT_GNU_HASH buckets past end of file");
	maxsym = 0;
	for (i = 0; i < nbuckets; i++)
		if (elf_rd32(e, p + i * 4) > maxsym)
			maxsym = elf_rd32(e, p + i * 4);
	if (maxsym < symoff) {
		*count = symoff;
		return 0;
	}
	pos += nbuckets * 4;
	/* Walk the chain of the last bucket until its end marker (bit 0). */
	for (i = maxsym - symoff;; i++) {
		if ((p = elf_ptr(e, pos + i * 4, 4)) == NULL)
			return fail(e, "DT_GNU_HASH chain runs past end of "
			    "file");
		if (elf_rd32(e, p) & 1)
			break;
	}
	*count = symoff + i + 1;
	return 0;
}

int
elf_symbols(struct elf *e, int which, int *found,
    int (*fn)(const struct elf_sym *, void *), void *arg)
{
	uint64_t symoff = 0, count = 0, stroff = 0, strsz = 0, entsz, i;
	const unsigned char *p;
	struct elf_sym sym;
	size_t k;
	int have = 0;

	entsz = e->is64 ? 24 : 16;
	*found = 0;
	for (k = 1; k < e->shnum; k++) {
		const struct elf_shdr *s = &e->sh[k], *st;

		if (s->type != (which ? SHT_SYMTAB_ : SHT_DYNSYM_))
			continue;
		if (s->entsize != entsz)
			return fail(e, "symbol table section %zu has entry "
			    "size %llu", k, (unsigned long long)s->entsize);
		if (s->link == 0 || s->link >= e->shnum ||
		    e->sh[s->link].type != SHT_STRTAB_)
			return fail(e, "symbol table section %zu has no "
			    "string table", k);
		st = &e->sh[s->link];
		symoff = s->offset;
		count = s->size / entsz;
		stroff = st->offset;
		strsz = st->size;
		have = 1;
		break;
	}
	if (!have && which == 0 && elf_dynval(e, DT_SYMTAB_, &i)) {
		uint64_t v;

		if (!elf_dynval(e, DT_STRTAB_, &v) ||
		    !elf_dynval(e, DT_STRSZ_, &strsz))
			return fail(e, "DT_SYMTAB without DT_STRTAB/DT_STRSZ");
		if (elf_vtooff(e, v, strsz, &stroff) == -1)
			return fail(e, "DT_STRTAB (size %llu) is not inside a "
			    "loadable segment", (unsigned long long)strsz);
		if (elf_dynval(e, DT_SYMENT_, &v) && v != entsz)
			return fail(e, "DT_SYMENT %llu", (unsigned long long)v);
		if (dynsym_count(e, &count) == -1)
			return -1;
		if (count > e->size / entsz ||
		    elf_vtooff(e, i, count * entsz, &symoff) == -1)
			return fail(e, "DT_SYMTAB (%llu symbols) is not inside "
			    "a loadable segment", (unsigned long long)count);
		have = 1;
	}
	if (!have)
		return 0;
	*found = 1;
	if (count > e->size / entsz ||
	    (p = elf_ptr(e, symoff, count * entsz)) == NULL)
		return fail(e, "symbol table past end of file");
	for (i = 0; i < count; i++, p += entsz) {
		uint32_t name = elf_rd32(e, p);
		unsigned char info;

		if (e->is64) {
			info = p[4];
			sym.shndx = elf_rd16(e, p + 6);
			sym.value = elf_rd64(e, p + 8);
			sym.size = elf_rd64(e, p + 16);
		} else {
			sym.value = elf_rd32(e, p + 4);
			sym.size = elf_rd32(e, p + 8);
			info = p[12];
			sym.shndx = elf_rd16(e, p + 14);
		}
		sym.bind = info >> 4;
		sym.type = info & 0xf;
		if ((sym.name = elf_str(e, stroff, strsz, name)) == NULL)
			return fail(e, "symbol %llu: name offset %u outside "
			    "the string table (size %llu)",
			    (unsigned long long)i, name,
			    (unsigned long long)strsz);
		if (fn(&sym, arg) != 0)
			break;
	}
	return 0;
}

/*
 * Is the note header at p an ELF64 GNU property note?  It is the one note
 * laid out with 8-byte alignment in practice (x86-64 and AArch64 psABIs);
 * build-id, ABI tag and the rest are 4-aligned even in ELF64.
 */
static int
is_prop8(const struct elf *e, const unsigned char *p, uint64_t avail)
{
	return e->is64 && avail >= 16 && elf_rd32(e, p) == 4 &&
	    elf_rd32(e, p + 8) == NT_GNU_PROPERTY_TYPE_0_ &&
	    memcmp(p + 12, "GNU", 4) == 0;
}

/*
 * One pass over the notes at p[0, len).  align 4 or 8 lays out every note
 * with it; 0 gives each note its own alignment (8 for an ELF64 GNU property
 * note, else 4), skipping the 4 bytes of padding that put such a note on an
 * 8-byte boundary after a 4-aligned one.  what names the holder in
 * messages; fn NULL only validates.
 */
static int
walk_notes(struct elf *e, const unsigned char *p, uint64_t off, uint64_t len,
    uint64_t align, const char *what, int (*fn)(const char *, uint32_t, const unsigned char *,
    uint64_t, void *), void *arg)
{
	uint64_t pos = 0, a, namesz, descsz, namepad, descpad;
	const char *name;

	while (pos < len) {
		a = align;
		if (a == 0) {
			if (pos % 8 == 4 && len - pos >= 4 &&
			    elf_rd32(e, p + pos) == 0 &&
			    is_prop8(e, p + pos + 4, len - pos - 4))
				pos += 4;
			a = is_prop8(e, p + pos, len - pos) ? 8 : 4;
		}
		if (len - pos < 12)
			return fail(e, "truncated note header at offset %llu",
			    (unsigned long long)(off + pos));
		namesz = elf_rd32(e, p + pos);
		descsz = elf_rd32(e, p + pos + 4);
		/* Descriptor and next note are aligned relative to the note. */
		namepad = ((12 + namesz + a - 1) & ~(a - 1)) - 12;
		descpad = (descsz + a - 1) & ~(a - 1);
		if (namepad > len - pos - 12 ||
		    descsz > len - pos - 12 - namepad)
			return fail(e, "note at offset %llu (name size %llu, "
			    "descriptor size %llu) overruns its %s",
			    (unsigned long long)(off + pos),
			    (unsigned long long)namesz,
			    (unsigned long long)descsz, what);
		name = NULL;
		if (namesz > 0 && p[pos + 12 + namesz - 1] == '\0')
			name = (const char *)p + pos + 12;
		if (fn != NULL && fn(name, elf_rd32(e, p + pos + 8),
		    p + pos + 12 + namepad, descsz, arg) != 0)
			break;
		if (descpad > len - pos - 12 - namepad)
			break;		/* last note without tail padding */
		pos += 12 + namepad + descpad;
	}
	return 0;
}

int
elf_notes(struct elf *e, uint64_t off, uint64_t len, uint64_t align,
    int segment, int (*fn)(const char *, uint32_t, const unsigned char *,
    uint64_t, void *), void *arg)
{
	const char *what = segment ? "segment" : "section";
	const unsigned char *p;
	char why[sizeof(e->err)];

	if (align != 8)
		align = 4;
	if ((p = elf_ptr(e, off, len)) == NULL)
		return fail(e, "note %s past end of file", what);
	if (!segment || align == 4)
		return walk_notes(e, p, off, len, align, what, fn, arg);
	/*
	 * A segment may mix alignments: mold packs the 8-aligned property
	 * note and 4-aligned notes into one 8-aligned PT_NOTE.  Each note
	 * with its own alignment first, then all 8-aligned as the gABI
	 * says; validated before fn sees a note, so fn sees one reading.
	 */
	if (walk_notes(e, p, off, len, 0, what, NULL, NULL) == 0)
		return walk_notes(e, p, off, len, 0, what, fn, arg);
	memcpy(why, e->err, sizeof(why));
	if (walk_notes(e, p, off, len, 8, what, NULL, NULL) == 0)
		return walk_notes(e, p, off, len, 8, what, fn, arg);
	memcpy(e->err, why, sizeof(why));
	return -1;
}
