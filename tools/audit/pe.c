/*
 * pe.c - bounds-checked PE reader: see pe.h.
 *
 * Layouts are those of the Microsoft PE/COFF specification.  Every walk
 * is bounded by the file: at most PE_MAX_SECTIONS sections, and the import
 * walk stops when it has visited more lookup-table entries than the file
 * could hold, so tables that overlap or point into one another (a name RVA
 * that leads back into the tables) cost linear time, not quadratic.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe.h"

#define MZ_LFANEW	0x3c	/* offset of e_lfanew in the MS-DOS header */
#define COFF_HDR_SIZE	20
#define SECTION_SIZE	40
#define IMPORT_DESC_SIZE 20
#define COFF_SYM_SIZE	18
#define DEBUG_DIR_SIZE	28
#define DEBUG_TYPE_EX_DLLCHARACTERISTICS 20
#define OPT_MAGIC_PE32	0x10b
#define OPT_MAGIC_PE32P	0x20b
#define SYM_CLASS_EXTERNAL 2

/*
 * Names longer than this are no function or library that harden-audit
 * looks for; they are skipped unread, which bounds the work per name.
 */
#define PE_MAXNAME	256

static int	fail(struct pe *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static int
fail(struct pe *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, sizeof(p->err), fmt, ap);
	va_end(ap);
	return -1;
}

static uint16_t
rd16(const unsigned char *b)
{
	return (uint16_t)((unsigned)b[1] << 8 | b[0]);
}

static uint32_t
rd32(const unsigned char *b)
{
	return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
	    (uint32_t)b[1] << 8 | b[0];
}

static uint64_t
rd64(const unsigned char *b)
{
	return (uint64_t)rd32(b + 4) << 32 | rd32(b);
}

/* Is [off, off+len) inside the file? */
static int
inside(const struct pe *p, uint64_t off, uint64_t len)
{
	return off <= p->size && len <= p->size - off;
}

static int
load_sections(struct pe *p, uint64_t off)
{
	const unsigned char *b;
	size_t i;

	if ((p->sec = calloc(p->nsec + 1, sizeof(*p->sec))) == NULL)
		return fail(p, "%s", strerror(errno));
	for (i = 0; i < p->nsec; i++) {
		struct pe_section *s = &p->sec[i];

		b = p->data + off + i * SECTION_SIZE;
		memcpy(s->name, b, 8);
		s->vsize = rd32(b + 8);
		s->vaddr = rd32(b + 12);
		s->rawsize = rd32(b + 16);
		s->rawoff = rd32(b + 20);
		s->flags = rd32(b + 36);
		if (s->rawsize != 0 && !inside(p, s->rawoff, s->rawsize))
			return fail(p, "section %zu (%s) extends past end of "
			    "file (offset %u, size %u, file size %zu)", i,
			    s->name[0] ? s->name : "unnamed", s->rawoff,
			    s->rawsize, p->size);
	}
	return 0;
}

int
pe_load(struct pe *p, const unsigned char *d, size_t n)
{
	uint64_t lfanew, opt, secoff, fixed, ndirs, i;
	uint16_t optsz, magic;

	memset(p, 0, sizeof(*p));
	p->data = d;
	p->size = n;
	if (n < 2 || d[0] != 'M' || d[1] != 'Z')
		return fail(p, "not a PE file");
	if (n < MZ_LFANEW + 4)
		return fail(p, "truncated MS-DOS header (%zu bytes)", n);
	lfanew = rd32(d + MZ_LFANEW);
	if (!inside(p, lfanew, 4) || memcmp(d + lfanew, "PE\0\0", 4) != 0)
		return fail(p, "no PE signature at e_lfanew %llu (file size "
		    "%zu)", (unsigned long long)lfanew, n);
	if (!inside(p, lfanew + 4, COFF_HDR_SIZE))
		return fail(p, "truncated COFF header");
	d += lfanew + 4;
	p->machine = rd16(d);
	p->nsec = rd16(d + 2);
	p->symoff = rd32(d + 8);
	p->nsyms = rd32(d + 12);
	optsz = rd16(d + 16);
	p->characteristics = rd16(d + 18);

	opt = lfanew + 4 + COFF_HDR_SIZE;
	if (optsz < 2 || !inside(p, opt, optsz))
		return fail(p, "truncated optional header (%u bytes at offset "
		    "%llu, file size %zu)", optsz, (unsigned long long)opt, n);
	d = p->data + opt;
	magic = rd16(d);
	if (magic == OPT_MAGIC_PE32)
		fixed = 96;		/* up to and with NumberOfRvaAndSizes */
	else if (magic == OPT_MAGIC_PE32P)
		fixed = 112;
	else
		return fail(p, "optional header magic 0x%x is neither PE32 "
		    "nor PE32+", magic);
	p->is64 = magic == OPT_MAGIC_PE32P;
	if (optsz < fixed)
		return fail(p, "optional header of %u bytes is too small for "
		    "%s (%llu)", optsz, p->is64 ? "PE32+" : "PE32",
		    (unsigned long long)fixed);
	p->headers_size = rd32(d + 60);
	p->subsystem = rd16(d + 68);
	p->dllchar = rd16(d + 70);
	/* Only the directories the header really holds, at most 16. */
	ndirs = rd32(d + fixed - 4);
	if (ndirs > (optsz - fixed) / 8)
		ndirs = (optsz - fixed) / 8;
	if (ndirs > PE_NDIRS)
		ndirs = PE_NDIRS;
	for (i = 0; i < ndirs; i++) {
		p->dir[i].rva = rd32(d + fixed + i * 8);
		p->dir[i].size = rd32(d + fixed + i * 8 + 4);
	}

	secoff = opt + optsz;
	if (p->nsec > PE_MAX_SECTIONS)
		return fail(p, "NumberOfSections %zu: more than the %d the "
		    "Windows loader accepts", p->nsec, PE_MAX_SECTIONS);
	if (!inside(p, secoff, (uint64_t)p->nsec * SECTION_SIZE))
		return fail(p, "section table (%zu entries at offset %llu) "
		    "extends past end of file", p->nsec,
		    (unsigned long long)secoff);
	if (p->nsyms != 0 &&
	    !inside(p, p->symoff, (uint64_t)p->nsyms * COFF_SYM_SIZE))
		return fail(p, "COFF symbol table (%u symbols at offset %u) "
		    "extends past end of file", p->nsyms, p->symoff);
	return load_sections(p, secoff);
}

void
pe_close(struct pe *p)
{
	free(p->sec);
	memset(p, 0, sizeof(*p));
}

/*
 * Where rva is in the file, and how many bytes of its section (or of the
 * headers) follow it there; -1 if it is in no section's file data.
 */
static int
locate(const struct pe *p, uint64_t rva, uint64_t *off, uint64_t *avail)
{
	uint64_t span, hdr;
	size_t i;

	for (i = 0; i < p->nsec; i++) {
		const struct pe_section *s = &p->sec[i];

		/* Bytes past VirtualSize are file padding, never mapped. */
		span = s->rawsize;
		if (s->vsize != 0 && s->vsize < span)
			span = s->vsize;
		if (rva < s->vaddr || rva - s->vaddr >= span)
			continue;
		*off = s->rawoff + (rva - s->vaddr);
		*avail = span - (rva - s->vaddr);
		return 0;
	}
	hdr = p->headers_size < p->size ? p->headers_size : p->size;
	if (rva < hdr) {
		*off = rva;
		*avail = hdr - rva;
		return 0;
	}
	return -1;
}

int
pe_rvatooff(const struct pe *p, uint64_t rva, uint64_t len, uint64_t *off)
{
	uint64_t avail;

	if (locate(p, rva, off, &avail) == -1 || len > avail)
		return -1;
	return 0;
}

/*
 * The name at rva: *name points at it if it ends within PE_MAXNAME bytes,
 * else is NULL (too long to matter).  -1 if rva is outside the file data
 * or the name runs to the end of its section unterminated.
 */
static int
pe_name(const struct pe *p, uint64_t rva, const char **name)
{
	uint64_t off, avail, max;

	*name = NULL;
	if (locate(p, rva, &off, &avail) == -1)
		return -1;
	max = avail < PE_MAXNAME ? avail : PE_MAXNAME;
	if (memchr(p->data + off, '\0', (size_t)max) != NULL)
		*name = (const char *)p->data + off;
	else if (avail <= PE_MAXNAME)
		return -1;
	return 0;
}

int
pe_imports(struct pe *p, int *found,
    int (*fn)(const char *, const char *, void *), void *arg)
{
	static const unsigned char zero[IMPORT_DESC_SIZE];
	const struct pe_dir *dir = &p->dir[PE_DIR_IMPORT];
	const unsigned char *b;
	const char *dll, *name;
	uint64_t off, desc, thunks, entsz, budget, v, ordinal, i, j;

	*found = 0;
	if (dir->rva == 0 || dir->size == 0)
		return 0;
	*found = 1;
	entsz = p->is64 ? 8 : 4;
	ordinal = (uint64_t)1 << (p->is64 ? 63 : 31);
	/* Distinct entries fit in the file: more means tables overlap. */
	budget = p->size / entsz + 1;
	for (i = 0;; i++) {
		desc = (uint64_t)dir->rva + i * IMPORT_DESC_SIZE;
		if (i > p->size / IMPORT_DESC_SIZE ||
		    pe_rvatooff(p, desc, IMPORT_DESC_SIZE, &off) == -1)
			return fail(p, "import descriptor %llu (RVA 0x%llx) "
			    "is outside the file's sections",
			    (unsigned long long)i, (unsigned long long)desc);
		b = p->data + off;
		if (memcmp(b, zero, sizeof(zero)) == 0)
			break;
		if (pe_name(p, rd32(b + 12), &dll) == -1)
			return fail(p, "import descriptor %llu: library name "
			    "RVA 0x%x is outside the file's sections or "
			    "unterminated", (unsigned long long)i,
			    rd32(b + 12));
		if (dll == NULL)
			dll = "?";
		/* The lookup table; without one, the address table. */
		thunks = rd32(b) != 0 ? rd32(b) : rd32(b + 16);
		for (j = 0;; j++) {
			if (budget-- == 0)
				return fail(p, "import lookup tables overlap "
				    "(more entries than the file holds)");
			if (pe_rvatooff(p, thunks + j * entsz, entsz, &off) ==
			    -1)
				return fail(p, "import lookup table of %s runs "
				    "outside the file's sections", dll);
			v = p->is64 ? rd64(p->data + off) :
			    rd32(p->data + off);
			if (v == 0)
				break;
			if (v & ordinal)
				continue;
			/* Hint/Name entry: a 2-byte hint, then the name. */
			if (pe_name(p, (v & 0x7fffffff) + 2, &name) == -1)
				return fail(p, "import %llu of %s: name RVA "
				    "0x%llx is outside the file's sections or "
				    "unterminated", (unsigned long long)j, dll,
				    (unsigned long long)(v & 0x7fffffff));
			if (name != NULL && fn(dll, name, arg) != 0)
				return 0;
		}
	}
	return 0;
}

int
pe_symbols(struct pe *p, int *found, int (*fn)(const char *, void *),
    void *arg)
{
	const unsigned char *b = NULL;
	uint64_t stroff, strsz = 0, nameoff, i;
	char shortname[9];
	const char *name;
	const void *nul;

	*found = p->nsyms != 0 && p->symoff != 0;
	if (!*found)
		return 0;
	/* The string table follows the symbols; its size includes itself. */
	stroff = (uint64_t)p->symoff + (uint64_t)p->nsyms * COFF_SYM_SIZE;
	if (inside(p, stroff, 4)) {
		strsz = rd32(p->data + stroff);
		if (strsz < 4 || !inside(p, stroff, strsz))
			return fail(p, "COFF string table (%llu bytes at "
			    "offset %llu) extends past end of file",
			    (unsigned long long)strsz,
			    (unsigned long long)stroff);
	}
	/* Auxiliary records follow their symbol: the step skips them. */
	for (i = 0; i < p->nsyms; i += 1 + (uint64_t)b[17]) {
		b = p->data + p->symoff + i * COFF_SYM_SIZE;
		if (b[16] != SYM_CLASS_EXTERNAL || (int16_t)rd16(b + 12) <= 0)
			continue;
		if (rd32(b) != 0) {
			memcpy(shortname, b, 8);
			shortname[8] = '\0';
			name = shortname;
		} else {
			nameoff = rd32(b + 4);
			if (nameoff < 4 || nameoff >= strsz)
				return fail(p, "COFF symbol %llu: name offset "
				    "%llu outside the string table (size %llu)",
				    (unsigned long long)i,
				    (unsigned long long)nameoff,
				    (unsigned long long)strsz);
			name = (const char *)p->data + stroff + nameoff;
			nul = memchr(name, '\0', (size_t)(strsz - nameoff <
			    PE_MAXNAME ? strsz - nameoff : PE_MAXNAME));
			if (nul == NULL) {
				if (strsz - nameoff <= PE_MAXNAME)
					return fail(p, "COFF symbol %llu: name "
					    "unterminated", (unsigned long long)i);
				continue;	/* too long to matter */
			}
		}
		/* i386 C names carry a leading underscore. */
		if (p->machine == PE_MACHINE_I386 && name[0] == '_')
			name++;
		if (fn(name, arg) != 0)
			break;
	}
	return 0;
}

int
pe_config(struct pe *p, struct pe_config *c)
{
	const struct pe_dir *lc = &p->dir[PE_DIR_LOAD_CONFIG];
	const struct pe_dir *dbg = &p->dir[PE_DIR_DEBUG];
	const unsigned char *b;
	uint64_t off, size, cookie_at, flags_at, n, i, at;

	memset(c, 0, sizeof(*c));
	if (lc->rva != 0 && lc->size != 0) {
		/* Its own first field says how much of it there is. */
		if (pe_rvatooff(p, lc->rva, 4, &off) == -1)
			return fail(p, "load configuration directory (RVA "
			    "0x%x) is outside the file's sections", lc->rva);
		size = rd32(p->data + off);
		if (pe_rvatooff(p, lc->rva, size, &off) == -1)
			return fail(p, "load configuration directory (%llu "
			    "bytes at RVA 0x%x) is outside the file's sections",
			    (unsigned long long)size, lc->rva);
		b = p->data + off;
		c->loadcfg = 1;
		cookie_at = p->is64 ? 0x58 : 0x3c;
		flags_at = p->is64 ? 0x90 : 0x58;
		if (size >= cookie_at + (p->is64 ? 8 : 4)) {
			c->has_cookie = 1;
			c->cookie = p->is64 ? rd64(b + cookie_at) :
			    rd32(b + cookie_at);
		}
		if (size >= flags_at + 4) {
			c->has_guardflags = 1;
			c->guardflags = rd32(b + flags_at);
		}
	}
	if (dbg->rva != 0 && dbg->size != 0) {
		n = dbg->size / DEBUG_DIR_SIZE;
		if (pe_rvatooff(p, dbg->rva, n * DEBUG_DIR_SIZE, &off) == -1)
			return fail(p, "debug directory (%llu entries at RVA "
			    "0x%x) is outside the file's sections",
			    (unsigned long long)n, dbg->rva);
		for (i = 0; i < n; i++) {
			b = p->data + off + i * DEBUG_DIR_SIZE;
			if (rd32(b + 12) != DEBUG_TYPE_EX_DLLCHARACTERISTICS)
				continue;
			at = rd32(b + 24);	/* PointerToRawData */
			if (rd32(b + 16) < 4 || !inside(p, at, 4))
				return fail(p, "debug entry %llu "
				    "(EX_DLLCHARACTERISTICS) data is outside "
				    "the file", (unsigned long long)i);
			c->has_exdllchar = 1;
			c->exdllchar = rd32(p->data + at);
			break;
		}
	}
	return 0;
}
