/*
 * checks.c - gather ELF and PE facts and judge them.
 *
 * audit_facts() reads what an ELF file really contains (program headers,
 * dynamic tags, symbol tables, GNU property notes, recorded compiler
 * command lines), audit_pe_facts() what a PE image does (DllCharacteristics,
 * base relocations, imports, COFF symbols, load configuration); the static
 * const audit_checks[] table turns those facts into a verdict and a reason
 * per property.  Symbol evidence is evidence of use, not of the flag: a
 * missing __stack_chk_fail import is "unknown", never "no", unless a
 * recorded command line says more.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

#define PT_INTERP_		3
#define PT_DYNAMIC_		2
#define PT_LOAD_		1
#define PT_NOTE_		4
#define PT_GNU_STACK_		0x6474e551u
#define PT_GNU_RELRO_		0x6474e552u
#define PF_X_			1
#define PF_W_			2
#define SHT_NOTE_		7
#define SHT_NOBITS_		8
#define SHF_ALLOC_		0x2
#define SHF_EXECINSTR_		0x4
#define SHF_COMPRESSED_		0x800
#define ET_REL_			1
#define ET_EXEC_		2
#define ET_DYN_			3
#define EM_386_			3
#define EM_X86_64_		62
#define EM_AARCH64_		183
#define DT_NEEDED_		1
#define DT_STRTAB_		5
#define DT_STRSZ_		10
#define DT_SONAME_		14
#define DT_RPATH_		15
#define DT_TEXTREL_		22
#define DT_BIND_NOW_		24
#define DT_RUNPATH_		29
#define DT_FLAGS_		30
#define DT_FLAGS_1_		0x6ffffffb
#define DT_AARCH64_BTI_PLT_	0x70000001
#define DT_AARCH64_PAC_PLT_	0x70000003
#define DF_TEXTREL_		0x4
#define DF_BIND_NOW_		0x8
#define DF_1_NOW_		0x1
#define DF_1_PIE_		0x08000000
#define SHN_UNDEF_		0
#define NT_GNU_PROPERTY_TYPE_0_	5
#define X86_FEATURE_1_AND_	0xc0000002u
#define AARCH64_FEATURE_1_AND_	0xc0000000u

/*
 * glibc functions with a __X_chk variant, sorted (fortify_find() bisects).
 * always: with _FORTIFY_SOURCE >= 2 and optimisation glibc's headers route
 * every call to __X_chk (format functions: no object size needed), so
 * importing the plain X proves that at least one translation unit was not
 * fortified.
 */
static const struct fortify_fn {
	const char	*name;
	int		always;
} fortify_fns[] = {
	{ "asprintf", 0 }, { "confstr", 0 }, { "dprintf", 1 },
	{ "explicit_bzero", 0 }, { "fdelt", 0 }, { "fgets", 0 },
	{ "fgets_unlocked", 0 }, { "fgetws", 0 }, { "fgetws_unlocked", 0 },
	{ "fprintf", 1 }, { "fread", 0 }, { "fread_unlocked", 0 },
	{ "fwprintf", 1 }, { "getcwd", 0 }, { "getdomainname", 0 },
	{ "getgroups", 0 }, { "gethostname", 0 }, { "getlogin_r", 0 },
	{ "gets", 0 }, { "getwd", 0 }, { "longjmp", 0 },
	{ "mbsnrtowcs", 0 }, { "mbsrtowcs", 0 }, { "mbstowcs", 0 },
	{ "memcpy", 0 }, { "memmove", 0 }, { "mempcpy", 0 }, { "memset", 0 },
	{ "obstack_printf", 0 }, { "obstack_vprintf", 0 }, { "poll", 0 },
	{ "ppoll", 0 }, { "pread", 0 }, { "pread64", 0 }, { "printf", 1 },
	{ "ptsname_r", 0 }, { "read", 0 }, { "readlink", 0 },
	{ "readlinkat", 0 }, { "realpath", 0 }, { "recv", 0 },
	{ "recvfrom", 0 }, { "snprintf", 0 }, { "sprintf", 0 },
	{ "stpcpy", 0 }, { "stpncpy", 0 }, { "strcat", 0 }, { "strcpy", 0 },
	{ "strncat", 0 }, { "strncpy", 0 }, { "swprintf", 0 },
	{ "syslog", 1 }, { "ttyname_r", 0 }, { "vasprintf", 0 },
	{ "vdprintf", 1 }, { "vfprintf", 1 }, { "vfwprintf", 1 },
	{ "vprintf", 1 }, { "vsnprintf", 0 }, { "vsprintf", 0 },
	{ "vswprintf", 0 }, { "vsyslog", 1 }, { "vwprintf", 1 },
	{ "wcpcpy", 0 }, { "wcpncpy", 0 }, { "wcrtomb", 0 }, { "wcscat", 0 },
	{ "wcscpy", 0 }, { "wcsncat", 0 }, { "wcsncpy", 0 },
	{ "wcsnrtombs", 0 }, { "wcsrtombs", 0 }, { "wcstombs", 0 },
	{ "wctomb", 0 }, { "wmemcpy", 0 }, { "wmemmove", 0 },
	{ "wmempcpy", 0 }, { "wmemset", 0 }, { "wprintf", 1 },
};

static const char *const ssp_syms[] = {
	"__stack_chk_fail", "__stack_chk_fail_local", "__stack_chk_guard",
	"__intel_security_cookie",
};

/*
 * Recorded switches: the last matching switch on a command line wins.
 * A pattern ending in '*' matches as a prefix; rows are tried in order.
 */
static const struct cmdswitch {
	enum cmdfeat	feat;
	const char	*pat;
	int		on;
} cmdswitches[] = {
	{ CF_SSP, "-fstack-protector", 1 },
	{ CF_SSP, "-fstack-protector-strong", 1 },
	{ CF_SSP, "-fstack-protector-all", 1 },
	{ CF_SSP, "-fstack-protector-explicit", 0 },
	{ CF_SSP, "-fno-stack-protector", 0 },
	{ CF_CLASH, "-fstack-clash-protection", 1 },
	{ CF_CLASH, "-fno-stack-clash-protection", 0 },
	{ CF_AUTOINIT, "-ftrivial-auto-var-init=zero", 1 },
	{ CF_AUTOINIT, "-ftrivial-auto-var-init=pattern", 1 },
	{ CF_AUTOINIT, "-ftrivial-auto-var-init=uninitialized", 0 },
	{ CF_FLEX, "-fstrict-flex-arrays=0", 0 },
	{ CF_FLEX, "-fstrict-flex-arrays", 1 },
	{ CF_FLEX, "-fstrict-flex-arrays=*", 1 },
	{ CF_FLEX, "-fno-strict-flex-arrays", 0 },
	{ CF_ZEROREGS, "-fzero-call-used-regs=skip", 0 },
	{ CF_ZEROREGS, "-fzero-call-used-regs=*", 1 },
	{ CF_WRAPV, "-fwrapv", 1 },
	{ CF_WRAPV, "-fno-strict-overflow", 1 },
	{ CF_WRAPV, "-fno-wrapv", 0 },
	{ CF_WRAPV, "-fstrict-overflow", 0 },
	{ CF_NULLCHK, "-fno-delete-null-pointer-checks", 1 },
	{ CF_NULLCHK, "-fdelete-null-pointer-checks", 0 },
	{ CF_ALIASING, "-fno-strict-aliasing", 1 },
	{ CF_ALIASING, "-fstrict-aliasing", 0 },
	{ CF_BOUNDS, "-fsanitize=bounds", 1 },
	{ CF_BOUNDS, "-fsanitize=bounds*", 1 },		/* bounds-strict, bounds,... */
	{ CF_BOUNDS, "-fno-sanitize=bounds", 0 },
	{ CF_BOUNDS, "-fno-sanitize=bounds*", 0 },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
setr(struct result *r, enum verdict v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
setr(struct result *r, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	r->v = v;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
}

/* Append name to a comma-separated list, silently truncating with "...". */
static void
addname(char *buf, size_t sz, const char *name)
{
	size_t len = strlen(buf);

	if (len + strlen(name) + 6 >= sz) {
		if (len + 4 < sz && (len < 3 || strcmp(buf + len - 3, "...")))
			memcpy(buf + len, len ? ",..." : "...", len ? 5 : 4);
		return;
	}
	snprintf(buf + len, sz - len, "%s%s", len ? "," : "", name);
}

const char *
audit_vname(enum verdict v)
{
	switch (v) {
	case V_YES:
		return "yes";
	case V_NO:
		return "no";
	case V_NA:
		return "n/a";
	case V_FORMAT:
		return "other-format";
	default:
		return "unknown";
	}
}

/* ---- fact gathering ------------------------------------------------ */

struct symctx {
	struct facts	*f;
	int		defined;	/* look at defined (static) symbols */
};

/* The fortify_fns entry for the n bytes at s, or NULL. */
static const struct fortify_fn *
fortify_find(const char *s, size_t n)
{
	size_t lo = 0, hi = NELEM(fortify_fns), mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strncmp(s, fortify_fns[mid].name, n)) == 0 &&
		    fortify_fns[mid].name[n] != '\0')
			c = -1;
		if (c == 0)
			return &fortify_fns[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Longer names are no libc function: bounds strlen on hostile tables. */
#define MAXFNLEN	64

/* Count what the symbol name n says: canary, fortified or plain call. */
static void
classify(struct facts *f, const char *n, int defined)
{
	const struct fortify_fn *fn;
	size_t i, len;

	if ((len = strnlen(n, MAXFNLEN)) == MAXFNLEN)
		return;
	if (!defined)
		for (i = 0; i < NELEM(ssp_syms); i++)
			if (strcmp(n, ssp_syms[i]) == 0 && f->ssp_sym == NULL)
				f->ssp_sym = ssp_syms[i];
	if (strncmp(n, "__", 2) == 0 && len > 6 &&
	    strcmp(n + len - 4, "_chk") == 0) {
		if (fortify_find(n + 2, len - 6) == NULL)
			return;
		if (defined)
			f->static_fortified++;
		else {
			f->fortified++;
			addname(f->fort_names, sizeof(f->fort_names), n);
		}
		return;
	}
	if (defined)
		return;
	if ((fn = fortify_find(n, len)) != NULL) {
		f->unfortified++;
		f->unfortified_always += fn->always != 0;
		addname(f->unfort_names, sizeof(f->unfort_names), n);
	}
}

static int
onsym(const struct elf_sym *s, void *arg)
{
	struct symctx *c = arg;

	if (*s->name == '\0' || (!c->defined) != (s->shndx == SHN_UNDEF_))
		return 0;
	classify(c->f, s->name, c->defined);
	return 0;
}

struct notectx {
	struct elf	*e;
	struct facts	*f;
	int		bad;
};

static int
onnote(const char *name, uint32_t type, const unsigned char *d, uint64_t n,
    void *arg)
{
	struct notectx *c = arg;
	uint64_t pos = 0, align = c->e->is64 ? 8 : 4, sz;
	uint32_t pt;

	if (name == NULL || strcmp(name, "GNU") != 0 ||
	    type != NT_GNU_PROPERTY_TYPE_0_ || c->f->prop_note)
		return 0;
	c->f->prop_note = 1;
	while (pos < n) {
		if (n - pos < 8) {
			c->bad = 1;
			return 1;
		}
		pt = elf_rd32(c->e, d + pos);
		sz = elf_rd32(c->e, d + pos + 4);
		if (sz > n - pos - 8) {
			c->bad = 1;
			return 1;
		}
		if (sz >= 4 && pt == X86_FEATURE_1_AND_)
			c->f->x86_feat = elf_rd32(c->e, d + pos + 8);
		if (sz >= 4 && pt == AARCH64_FEATURE_1_AND_)
			c->f->a64_feat = elf_rd32(c->e, d + pos + 8);
		sz = (sz + align - 1) & ~(align - 1);
		if (sz > n - pos - 8)
			break;	/* last property may lack its padding */
		pos += 8 + sz;
	}
	return 0;
}

/*
 * The notes come from the SHT_NOTE sections when there are any, each read
 * with its own sh_addralign (in a linked file only the allocated ones, the
 * notes the loader sees); without them, from the PT_NOTE segments.
 */
static int
note_facts(struct elf *e, struct facts *f)
{
	struct notectx nc;
	size_t i, nsec = 0;

	nc.e = e;
	nc.f = f;
	nc.bad = 0;
	for (i = 1; i < e->shnum; i++) {
		const struct elf_shdr *s = &e->sh[i];

		if (s->type != SHT_NOTE_ ||
		    (e->type != ET_REL_ && !(s->flags & SHF_ALLOC_)))
			continue;
		nsec++;
		if (elf_notes(e, s->offset, s->size, s->addralign, 0, onnote,
		    &nc) == -1)
			return -1;
	}
	for (i = 0; nsec == 0 && i < e->phnum; i++) {
		const struct elf_phdr *h = &e->ph[i];

		if (h->type == PT_NOTE_ && elf_notes(e, h->offset, h->filesz,
		    h->align, 1, onnote, &nc) == -1)
			return -1;
	}
	if (nc.bad) {
		snprintf(e->err, sizeof(e->err), "malformed GNU property note");
		return -1;
	}
	return 0;
}

/* Features that one recorded command line (blank-separated) enables. */
static unsigned
cmdmask(const char *s, size_t len)
{
	int val[CF_COUNT];
	const char *t, *end = s + len;
	size_t tl, i, pl;
	unsigned mask = 0;

	for (i = 0; i < CF_COUNT; i++)
		val[i] = 0;
	while (s < end) {
		while (s < end && (*s == ' ' || *s == '\t' || *s == '\n'))
			s++;
		for (t = s; s < end && *s != ' ' && *s != '\t' && *s != '\n';)
			s++;
		tl = (size_t)(s - t);
		if (tl == 0)
			continue;
		for (i = 0; i < NELEM(cmdswitches); i++) {
			const char *p = cmdswitches[i].pat;

			pl = strlen(p);
			if (p[pl - 1] == '*' ? tl >= pl &&
			    strncmp(t, p, pl - 1) == 0 :
			    tl == pl && strncmp(t, p, pl) == 0) {
				val[cmdswitches[i].feat] =
				    cmdswitches[i].on ? 1 : -1;
				break;
			}
		}
	}
	for (i = 0; i < CF_COUNT; i++)
		if (val[i] == 1)
			mask |= 1u << i;
	return mask;
}

static void
cmdcount(struct facts *f, unsigned mask)
{
	size_t i;

	f->cmd.lines++;
	for (i = 0; i < CF_COUNT; i++)
		f->cmd.on[i] += (mask >> i) & 1;
}

/*
 * Toolchain start files are compiled by the C library or compiler vendor
 * with their own flags (musl's crt/Scrt1.c even with -fno-stack-protector):
 * their DWARF units say nothing about the program's flags.
 */
/* Base names; entries with a '/' are path suffixes. */
static const char *const startfiles[] = {
	"crt1.c", "Scrt1.c", "rcrt1.c", "gcrt1.c", "crti.c", "crtn.c",
	"crtstuff.c", "crtbegin.c", "crtend.c", "start.S", "crti.S", "crtn.S",
	"crt1.s", "Scrt1.s", "crti.s", "crtn.s", "abi-note.c", "abi-note.S",
	"static-reloc.c", "csu/init.c",		/* glibc's crt1.o parts */
};

#define MAXPATHLEN_	4096	/* a longer DW_AT_name is no start file */

static int
is_startfile(const char *name)
{
	const char *base;
	size_t i, nl, sl;

	if ((nl = strnlen(name, MAXPATHLEN_ + 1)) > MAXPATHLEN_)
		return 0;
	base = strrchr(name, '/');
	base = base != NULL ? base + 1 : name;
	for (i = 0; i < NELEM(startfiles); i++) {
		const char *sf = startfiles[i];

		sl = strlen(sf);
		if (strchr(sf, '/') != NULL ? nl >= sl &&
		    strcmp(name + nl - sl, sf) == 0 &&
		    (nl == sl || name[nl - sl - 1] == '/') :
		    strcmp(base, sf) == 0)
			return 1;
	}
	return 0;
}

/*
 * What a producer string says, remembered by its address: units of one
 * program share a few producer strings, and evaluating a long one per unit
 * would make the scan quadratic.
 */
enum { P_ASM, P_UNRECORDED, P_RECORDED };

struct pmemo {
	const char	*p;
	unsigned	kind, mask;
};

struct unitctx {
	struct facts	*f;
	struct pmemo	*tab;		/* open addressing on p */
	size_t		cap, n;
	uint64_t	budget;		/* producer bytes left to read */
	int		over;		/* budget or memory exhausted */
};

static size_t
phash(const char *p, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 32) & (cap - 1);
}

static struct pmemo *
pmemo_get(struct unitctx *u, const char *p)
{
	struct pmemo *old = u->tab, *m;
	size_t i, j, ocap = u->cap;

	if (u->n * 2 >= u->cap) {
		u->cap = ocap ? ocap * 2 : 64;
		if ((u->tab = calloc(u->cap, sizeof(*u->tab))) == NULL) {
			u->tab = old;
			u->cap = ocap;
			return NULL;
		}
		for (i = 0; i < ocap; i++)
			if (old[i].p != NULL) {
				for (j = phash(old[i].p, u->cap);
				    u->tab[j].p != NULL;
				    j = (j + 1) & (u->cap - 1))
					;
				u->tab[j] = old[i];
			}
		free(old);
	}
	for (i = phash(p, u->cap); (m = &u->tab[i])->p != NULL;
	    i = (i + 1) & (u->cap - 1))
		if (m->p == p)
			return m;
	return m;		/* empty slot: m->p == NULL */
}

static int
onunit(const char *producer, const char *name, void *arg)
{
	struct unitctx *u = arg;
	struct facts *f = u->f;
	struct pmemo *m, one;
	size_t len;

	m = &one;
	one.kind = P_UNRECORDED;
	if (producer != NULL) {
		if ((m = pmemo_get(u, producer)) == NULL) {
			u->over = 1;
			return 1;
		}
		if (m->p == NULL) {
			/* A long one read once; overlapping ones: budget. */
			len = strnlen(producer, (size_t)u->budget + 1);
			if (len > u->budget) {
				u->over = 1;
				return 1;
			}
			u->budget -= len;
			m->p = producer;
			u->n++;
			if (strncmp(producer, "GNU AS ", 7) == 0)
				m->kind = P_ASM;	/* no compiler flags */
			else if (strstr(producer, " -") == NULL)
				/* e.g. clang without -grecord-command-line */
				m->kind = P_UNRECORDED;
			else {
				m->kind = P_RECORDED;
				m->mask = cmdmask(producer, len);
			}
		}
	}
	if (m->kind == P_ASM)
		return 0;
	if (name != NULL && is_startfile(name))
		f->cmd.startfiles++;
	else if (m->kind == P_UNRECORDED)
		f->cmd.unrecorded++;
	else
		cmdcount(f, m->mask);
	return 0;
}

/* Scan .GCC.command.line and the DW_AT_producer of every DWARF unit. */
static void
cmdlines(struct elf *e, struct facts *f)
{
	const struct elf_shdr *s;
	const unsigned char *p;
	const char *str, *nul, *nm;
	struct unitctx u;
	uint64_t pos;
	size_t i, n;

	if ((s = elf_section(e, ".GCC.command.line")) != NULL &&
	    s->type != SHT_NOBITS_ && (p = elf_ptr(e, s->offset, s->size))) {
		/* GCC >= 12 and clang: one string per compilation. */
		for (pos = 0; pos < s->size; pos += n + 1) {
			str = (const char *)p + pos;
			nul = memchr(str, '\0', (size_t)(s->size - pos));
			n = nul ? (size_t)(nul - str) : (size_t)(s->size - pos);
			if (n > 0)
				cmdcount(f, cmdmask(str, n));
		}
	}
	for (i = 1; i < e->shnum; i++)
		if ((nm = elf_secname(e, &e->sh[i])) != NULL &&
		    (strncmp(nm, ".zdebug_", 8) == 0 ||
		    (strncmp(nm, ".debug_", 7) == 0 &&
		    (e->sh[i].flags & SHF_COMPRESSED_))))
			f->debug_compressed = 1;
	/*
	 * In a relocatable object the string offsets of .debug_info are
	 * still relocations (RELA addends), so its DWARF is not read.
	 */
	if (e->type == ET_REL_) {
		f->debug_rel = elf_section(e, ".debug_info") != NULL;
	} else if (!f->debug_compressed) {
		memset(&u, 0, sizeof(u));
		u.f = f;
		/* Disjoint producer strings fit in the file. */
		u.budget = 2 * (uint64_t)e->size + (1 << 20);
		if (dwarf_units(e, onunit, &u) == -1 || u.over)
			f->debug_unreadable = 1;
		free(u.tab);
	}
}

static const char *
dynstring(struct elf *e, uint64_t stroff, uint64_t strsz, uint64_t off,
    int64_t tag)
{
	const char *s = elf_str(e, stroff, strsz, off);

	if (s == NULL)
		snprintf(e->err, sizeof(e->err), "dynamic tag %lld: string "
		    "offset %llu outside the dynamic string table (size %llu)",
		    (long long)tag, (unsigned long long)off,
		    (unsigned long long)strsz);
	return s;
}

static int
dynamic_facts(struct elf *e, struct facts *f)
{
	uint64_t v, stroff = 0, strsz = 0;
	int have_str = 0;
	size_t i;

	if (elf_dynval(e, DT_STRTAB_, &v) && elf_dynval(e, DT_STRSZ_, &strsz)) {
		if (elf_vtooff(e, v, strsz, &stroff) == -1) {
			snprintf(e->err, sizeof(e->err), "DT_STRTAB (size "
			    "%llu) is not inside a loadable segment",
			    (unsigned long long)strsz);
			return -1;
		}
		have_str = 1;
	}
	for (i = 0; i < e->dynnum; i++) {
		const struct elf_dyn *d = &e->dyn[i];
		const char *s;

		switch (d->tag) {
		case DT_NEEDED_:
		case DT_SONAME_:
		case DT_RPATH_:
		case DT_RUNPATH_:
			if (!have_str) {
				snprintf(e->err, sizeof(e->err), "dynamic "
				    "string tag without DT_STRTAB/DT_STRSZ");
				return -1;
			}
			if ((s = dynstring(e, stroff, strsz, d->val,
			    d->tag)) == NULL)
				return -1;
			if (d->tag == DT_RPATH_ && f->rpath == NULL)
				f->rpath = s;
			if (d->tag == DT_RUNPATH_ && f->runpath == NULL)
				f->runpath = s;
			break;
		case DT_TEXTREL_:
			f->textrel = 1;
			break;
		case DT_BIND_NOW_:
			f->bind_now = 1;
			break;
		case DT_FLAGS_:
			f->bind_now |= (d->val & DF_BIND_NOW_) != 0;
			f->textrel |= (d->val & DF_TEXTREL_) != 0;
			break;
		case DT_FLAGS_1_:
			f->bind_now |= (d->val & DF_1_NOW_) != 0;
			break;
		case DT_AARCH64_BTI_PLT_:
			f->bti_plt = 1;
			break;
		case DT_AARCH64_PAC_PLT_:
			f->pac_plt = 1;
			break;
		default:
			break;
		}
	}
	return 0;
}

int
audit_facts(struct elf *e, struct facts *f)
{
	struct symctx sc;
	uint64_t flags1 = 0;
	size_t i;
	int found;

	memset(f, 0, sizeof(*f));
	f->format = FMT_ELF;
	snprintf(f->cls, sizeof(f->cls), "ELF%d", e->is64 ? 64 : 32);
	f->big = e->big;
	f->machine = e->machine;
	f->is_x86 = e->machine == EM_X86_64_ || e->machine == EM_386_;
	f->is_aarch64 = e->machine == EM_AARCH64_;
	f->has_dynamic = e->dyn != NULL;
	for (i = 0; i < e->phnum; i++) {
		const struct elf_phdr *h = &e->ph[i];

		switch (h->type) {
		case PT_INTERP_:
			f->has_interp = 1;
			break;
		case PT_GNU_RELRO_:
			f->relro = 1;
			break;
		case PT_GNU_STACK_:
			f->gnu_stack = 1;
			f->stack_exec = (h->flags & PF_X_) != 0;
			break;
		case PT_LOAD_:
			if ((h->flags & (PF_W_ | PF_X_)) == (PF_W_ | PF_X_))
				f->rwx_load = 1;
			break;
		default:
			break;
		}
	}
	if (e->phnum == 0)
		for (i = 1; i < e->shnum; i++) {
			const struct elf_shdr *s = &e->sh[i];
			const char *nm;

			if ((nm = elf_secname(e, s)) != NULL &&
			    strcmp(nm, ".note.GNU-stack") == 0) {
				f->gnu_stack = 1;
				f->stack_exec = (s->flags & SHF_EXECINSTR_) != 0;
			}
		}
	if (note_facts(e, f) == -1)
		return -1;
	if (f->has_dynamic && dynamic_facts(e, f) == -1)
		return -1;

	switch (e->type) {
	case ET_REL_:
		f->kind = "object";
		break;
	case ET_EXEC_:
		f->kind = f->has_interp || f->has_dynamic ? "exec" : "static";
		break;
	case ET_DYN_:
		elf_dynval(e, DT_FLAGS_1_, &flags1);
		if (flags1 & DF_1_PIE_)
			f->kind = f->has_interp ? "pie" : "static-pie";
		else if (f->has_interp && !elf_dynval(e, DT_SONAME_, NULL))
			f->kind = "pie";	/* linkers before DF_1_PIE */
		else
			f->kind = "shared";
		break;
	default:
		snprintf(e->err, sizeof(e->err), "unsupported ELF type %u "
		    "(not an executable, shared object or relocatable object)",
		    e->type);
		return -1;
	}

	/* Imports: .dynsym (survives strip); objects: undefined .symtab. */
	sc.f = f;
	sc.defined = 0;
	if (elf_symbols(e, e->type == ET_REL_, &found, onsym, &sc) == -1)
		return -1;
	if (e->type == ET_REL_)
		f->symtab = found;
	else
		f->dynsym = found;
	if (e->type != ET_REL_) {
		sc.defined = 1;
		if (elf_symbols(e, 1, &f->symtab, onsym, &sc) == -1)
			return -1;
	}
	cmdlines(e, f);
	return 0;
}

/* ---- PE facts ------------------------------------------------------ */

/*
 * An import.  mingw-w64 takes the canary and fortify functions from
 * libssp-0.dll; its headers' inline checks call __chk_fail, which nothing
 * but fortified code calls.
 */
static int
onimport(const char *dll, const char *name, void *arg)
{
	struct facts *f = arg;

	classify(f, name, 0);
	if (f->ssp_sym != NULL && f->ssp_dll == NULL)
		f->ssp_dll = dll;
	if (strcmp(name, "__chk_fail") == 0) {
		f->fortified++;
		addname(f->fort_names, sizeof(f->fort_names), name);
	}
	return 0;
}

/*
 * A defined COFF symbol: what a static libssp.a left.  Its ssp.o defines
 * __stack_chk_fail and __chk_fail together, so a fortified call alone
 * pulls both in; only the .refptr stub GCC and clang emit next to the
 * canary code that loads __stack_chk_guard is evidence of a canary.  Each
 * __X_chk is a member of its own, linked only when a call needs it.
 */
static int
oncoffsym(const char *name, void *arg)
{
	struct facts *f = arg;

	if (strcmp(name, ".refptr.__stack_chk_guard") == 0)
		f->pe_ssp_refptr = 1;
	else if (strcmp(name, "__stack_chk_fail") == 0)
		f->pe_ssp_lib = 1;
	else
		classify(f, name, 1);
	return 0;
}

int
audit_pe_facts(struct pe *p, struct facts *f)
{
	const struct pe_dir *rel = &p->dir[PE_DIR_BASERELOC];
	uint64_t off;
	size_t i;
	int found;

	memset(f, 0, sizeof(*f));
	f->format = FMT_PE;
	snprintf(f->cls, sizeof(f->cls), "%s", p->is64 ? "PE32+" : "PE32");
	f->machine = p->machine;
	f->is_x86 = p->machine == PE_MACHINE_I386 ||
	    p->machine == PE_MACHINE_AMD64;
	f->is_aarch64 = p->machine == PE_MACHINE_ARM64;
	f->kind = p->characteristics & PE_FILE_DLL ? "pe-dll" : "pe-exe";
	f->pe_plus = p->is64;
	f->pe_dllchar = p->dllchar;
	f->pe_chars = p->characteristics;
	if (rel->rva != 0 && rel->size != 0) {
		/* The loader would refuse relocations it cannot read. */
		if (pe_rvatooff(p, rel->rva, rel->size, &off) == -1) {
			snprintf(p->err, sizeof(p->err), "base relocation "
			    "directory (%u bytes at RVA 0x%x) is outside the "
			    "file's sections", rel->size, rel->rva);
			return -1;
		}
		f->pe_relocs = 1;
	}
	for (i = 0; i < p->nsec; i++)
		if ((p->sec[i].flags & (PE_SCN_MEM_WRITE | PE_SCN_MEM_EXECUTE)) ==
		    (PE_SCN_MEM_WRITE | PE_SCN_MEM_EXECUTE))
			f->rwx_load = 1;
	if (pe_config(p, &f->pe_cfg) == -1 ||
	    pe_imports(p, &found, onimport, f) == -1)
		return -1;
	f->pe_imports = found;
	if (pe_symbols(p, &found, oncoffsym, f) == -1)
		return -1;
	f->pe_coffsyms = found;
	return 0;
}

/* ---- the checks ---------------------------------------------------- */

static int
is_static(const struct facts *f)
{
	return strcmp(f->kind, "static") == 0 ||
	    strcmp(f->kind, "static-pie") == 0;
}

static int
is_object(const struct facts *f)
{
	return strcmp(f->kind, "object") == 0;
}

static void
cmdreason(const struct facts *f, char *buf, size_t sz)
{
	const char *dbg = "";

	if (f->format == FMT_PE) {
		snprintf(buf, sz, "recorded command lines (.GCC.command.line, "
		    "DWARF producers) are not read from PE files");
		return;
	}
	if (f->debug_compressed)
		dbg = "; the debug info is compressed";
	else if (f->debug_unreadable)
		dbg = "; the debug info could not be read";
	else if (f->debug_rel)
		dbg = "; DWARF of relocatable objects is not read";
	snprintf(buf, sz, "no recorded command line (.GCC.command.line or "
	    "DWARF producer)%s%s", dbg, f->cmd.unrecorded ? "; compilation "
	    "units without recorded switches" : "");
}

/* Verdict from the recorded command lines only. */
static void
fromcmd(const struct facts *f, enum cmdfeat c, const char *flag,
    struct result *r)
{
	unsigned n = f->cmd.lines, on = f->cmd.on[c];
	char why[200];

	if (n == 0) {
		cmdreason(f, why, sizeof(why));
		setr(r, V_UNKNOWN, "%s", why);
	} else if (on < n)
		setr(r, V_NO, "%s missing or overridden on %u of %u recorded "
		    "command lines", flag, n - on, n);
	else if (f->cmd.unrecorded > 0 || f->debug_unreadable)
		setr(r, V_UNKNOWN, "%s on all %u recorded command lines, but "
		    "%u compilation units recorded no switches%s", flag, n,
		    f->cmd.unrecorded, f->debug_unreadable ? " (debug info "
		    "unreadable)" : "");
	else
		setr(r, V_YES, "%s on %u of %u recorded command lines", flag,
		    on, n);
}

static void
ck_pie(const struct facts *f, struct result *r)
{
	if (strcmp(f->kind, "pie") == 0)
		setr(r, V_YES, "position-independent executable");
	else if (strcmp(f->kind, "static-pie") == 0)
		setr(r, V_YES, "static PIE (DF_1_PIE, no PT_INTERP)");
	else if (strcmp(f->kind, "exec") == 0)
		setr(r, V_NO, "ET_EXEC: fixed-address executable");
	else if (strcmp(f->kind, "static") == 0)
		setr(r, V_NO, "static ET_EXEC: fixed-address executable");
	else if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->textrel)
		setr(r, V_NO, "shared library with text relocations (not "
		    "built with -fPIC)");
	else
		setr(r, V_NA, "shared library without text relocations");
}

static void
ck_relro(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->relro)
		setr(r, V_YES, "PT_GNU_RELRO present");
	else
		setr(r, V_NO, "no PT_GNU_RELRO");
}

static void
ck_now(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->bind_now)
		setr(r, V_YES, "%s", f->relro ? "BIND_NOW (full RELRO)" :
		    "BIND_NOW, but no PT_GNU_RELRO (not full RELRO)");
	else if (!f->has_dynamic)
		setr(r, V_NA, "static binary: no dynamic linking");
	else if (strcmp(f->kind, "static-pie") == 0)
		setr(r, V_NA, "static PIE: relocated eagerly at start-up, no "
		    "lazy binding");
	else
		setr(r, V_NO, "no DT_BIND_NOW, DF_BIND_NOW or DF_1_NOW: lazy "
		    "binding");
}

static void
ck_nx(const struct facts *f, struct result *r)
{
	if (is_object(f) && !f->gnu_stack)
		setr(r, V_NO, "no .note.GNU-stack section: the linker "
		    "assumes an executable stack");
	else if (is_object(f))
		setr(r, f->stack_exec ? V_NO : V_YES, ".note.GNU-stack %s",
		    f->stack_exec ? "requests an executable stack" :
		    "is not executable");
	else if (!f->gnu_stack)
		setr(r, V_NO, "no PT_GNU_STACK: the loader may assume an "
		    "executable stack");
	else if (f->stack_exec)
		setr(r, V_NO, "PT_GNU_STACK is executable");
	else
		setr(r, V_YES, "PT_GNU_STACK is not executable");
}

static void
ck_rwx(const struct facts *f, struct result *r)
{
	if (f->format == FMT_PE)
		setr(r, f->rwx_load ? V_YES : V_NO, "%s", f->rwx_load ?
		    "a section is writable and executable" :
		    "no writable and executable section");
	else if (is_object(f))
		setr(r, V_NA, "relocatable object: no segments");
	else if (f->rwx_load)
		setr(r, V_YES, "a PT_LOAD segment is writable and executable");
	else
		setr(r, V_NO, "no writable and executable PT_LOAD");
}

static void
ck_textrel(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object");
	else
		setr(r, f->textrel ? V_YES : V_NO, "%s", f->textrel ?
		    "DT_TEXTREL / DF_TEXTREL: text relocations" :
		    "no text relocations");
}

static void
pe_ssp(const struct facts *f, struct result *r)
{
	if (f->ssp_sym != NULL)
		setr(r, V_YES, "imports %s from %s", f->ssp_sym, f->ssp_dll);
	else if (f->pe_ssp_refptr)
		setr(r, V_YES, "canary code loads __stack_chk_guard "
		    "(.refptr.__stack_chk_guard; libssp linked statically)");
	else if (f->pe_ssp_lib)
		setr(r, V_UNKNOWN, "libssp linked statically: its "
		    "__stack_chk_fail comes with any fortified call, canary "
		    "or not");
	else if (f->pe_cfg.has_cookie && f->pe_cfg.cookie != 0)
		setr(r, V_UNKNOWN, "no __stack_chk_fail; the load "
		    "configuration has a /GS SecurityCookie, which the MSVC "
		    "run time sets up whatever the program was built with");
	else if (!f->pe_coffsyms)
		setr(r, V_UNKNOWN, "no __stack_chk_fail import, no COFF symbol "
		    "table (stripped): built without -fstack-protector, no "
		    "function needed a canary, or libssp linked statically");
	else
		setr(r, V_UNKNOWN, "no __stack_chk_fail import or definition: "
		    "built without -fstack-protector, or no function needed "
		    "a canary");
}

static void
ck_ssp(const struct facts *f, struct result *r)
{
	if (f->format == FMT_PE) {
		pe_ssp(f, r);
		return;
	}
	if (f->ssp_sym != NULL) {
		setr(r, V_YES, "%s %s", is_object(f) ? "references" :
		    "imports", f->ssp_sym);
		return;
	}
	if (f->cmd.lines > 0) {
		fromcmd(f, CF_SSP, "-fstack-protector*", r);
		if (r->v == V_YES)
			setr(r, V_YES, "-fstack-protector* on all %u recorded "
			    "command lines (no function needed a canary)",
			    f->cmd.lines);
		if (r->v != V_UNKNOWN)
			return;
	}
	if (is_static(f))
		setr(r, V_UNKNOWN, "static binary: libc.a defines "
		    "__stack_chk_fail whether or not the program uses it");
	else if (!f->dynsym && !is_object(f))
		setr(r, V_UNKNOWN, "no dynamic symbol table");
	else if (!f->symtab && is_object(f))
		setr(r, V_UNKNOWN, "no symbol table");
	else
		setr(r, V_UNKNOWN, "no __stack_chk_fail reference: built "
		    "without -fstack-protector, or no function needed a "
		    "canary");
}

/*
 * mingw-w64's headers check only calls whose buffer size is known and
 * leave the others plain (printf is never rerouted), so a plain call
 * proves nothing: a PE image is fortified (yes) or unknown, never no.
 */
static void
pe_fortify(const struct facts *f, struct result *r)
{
	if (f->fortified > 0)
		setr(r, V_YES, "%u fortified calls imported (%s)",
		    f->fortified, f->fort_names);
	else if (f->static_fortified > 0)
		setr(r, V_YES, "%u __*_chk functions defined (libssp linked "
		    "statically)", f->static_fortified);
	else if (!f->pe_coffsyms)
		setr(r, V_UNKNOWN, "no __*_chk or __chk_fail import, no COFF "
		    "symbol table (stripped): not fortified, no buffer size "
		    "known at compile time, or libssp linked statically");
	else
		setr(r, V_UNKNOWN, "no __*_chk or __chk_fail import or "
		    "definition: not fortified, or no buffer size known at "
		    "compile time");
}

static void
ck_fortify(const struct facts *f, struct result *r)
{
	if (f->format == FMT_PE)
		pe_fortify(f, r);
	else if (f->fortified > 0)
		setr(r, V_YES, "%u fortified, %u unfortified calls imported "
		    "(%s%s%s)", f->fortified, f->unfortified, f->fort_names,
		    f->unfortified ? "; unfortified: " : "", f->unfort_names);
	else if (f->unfortified_always > 0)
		setr(r, V_NO, "0 fortified, %u unfortified calls imported "
		    "(%s); with _FORTIFY_SOURCE>=2 and -O1 or more these would "
		    "be __*_chk", f->unfortified, f->unfort_names);
	else if (is_static(f) && f->static_fortified > 0)
		setr(r, V_YES, "static binary: %u __*_chk functions linked "
		    "in (.symtab)", f->static_fortified);
	else if (is_static(f))
		setr(r, V_UNKNOWN, "static binary: %s", f->symtab ?
		    "no __*_chk function in .symtab" : "stripped, no .symtab");
	else if (f->unfortified > 0)
		setr(r, V_UNKNOWN, "0 fortified, %u unfortified calls "
		    "imported (%s); their buffer sizes may not have been "
		    "known at compile time", f->unfortified, f->unfort_names);
	else
		setr(r, V_UNKNOWN, "no fortifiable libc calls imported");
}

static void
ck_clash(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_CLASH, "-fstack-clash-protection", r);
}

static void
ck_cet(const struct facts *f, struct result *r)
{
	if (!f->is_x86)
		setr(r, V_NA, "not an x86 binary");
	else if (f->format == FMT_PE)
		setr(r, f->pe_cfg.has_exdllchar && (f->pe_cfg.exdllchar &
		    PE_EXDLLCHAR_CET_COMPAT) ? V_YES : V_NO, "%s",
		    !f->pe_cfg.has_exdllchar ? "no EX_DLLCHARACTERISTICS "
		    "debug entry: not marked CET_COMPAT (shadow stack)" :
		    f->pe_cfg.exdllchar & PE_EXDLLCHAR_CET_COMPAT ?
		    "EX_DLLCHARACTERISTICS: CET_COMPAT (shadow stack)" :
		    "EX_DLLCHARACTERISTICS lacks CET_COMPAT (shadow stack)");
	else if (!f->prop_note)
		setr(r, V_NO, "no GNU property note (IBT/SHSTK marking)");
	else if ((f->x86_feat & 3) == 3)
		setr(r, V_YES, "GNU property note: IBT, SHSTK");
	else
		setr(r, V_NO, "GNU property note lacks %s",
		    (f->x86_feat & 3) == 0 ? "IBT and SHSTK" :
		    (f->x86_feat & 1) ? "SHSTK" : "IBT");
}

static void
ck_bti(const struct facts *f, struct result *r)
{
	if (!f->is_aarch64)
		setr(r, V_NA, "not an AArch64 binary");
	else if (f->format == FMT_PE)
		setr(r, V_UNKNOWN, "a PE image carries no BTI/PAC marking");
	else if (!f->prop_note)
		setr(r, V_NO, "no GNU property note (BTI/PAC marking)");
	else if ((f->a64_feat & 3) == 3)
		setr(r, V_YES, "GNU property note: BTI, PAC");
	else
		setr(r, V_NO, "GNU property note lacks %s",
		    (f->a64_feat & 3) == 0 ? "BTI and PAC" :
		    (f->a64_feat & 1) ? "PAC" : "BTI");
}

static void
ck_formatsec(const struct facts *f, struct result *r)
{
	(void)f;
	setr(r, V_UNKNOWN, "compile-time warning: not visible in a binary");
}

static void
ck_autoinit(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_AUTOINIT, "-ftrivial-auto-var-init=zero|pattern", r);
}

static void
ck_flex(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_FLEX, "-fstrict-flex-arrays", r);
}

static void
ck_zeroregs(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_ZEROREGS, "-fzero-call-used-regs", r);
}

static void
ck_wrapv(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_WRAPV, "-fwrapv", r);
}

static void
ck_nullchk(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_NULLCHK, "-fno-delete-null-pointer-checks", r);
}

static void
ck_aliasing(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_ALIASING, "-fno-strict-aliasing", r);
}

static void
ck_bounds(const struct facts *f, struct result *r)
{
	fromcmd(f, CF_BOUNDS, "-fsanitize=bounds", r);
}

static void
ck_dynbase(const struct facts *f, struct result *r)
{
	if (!(f->pe_dllchar & PE_DLLCHAR_DYNAMIC_BASE))
		setr(r, V_NO, "DllCharacteristics lacks DYNAMIC_BASE: loaded "
		    "at its preferred base");
	else if (f->pe_chars & PE_FILE_RELOCS_STRIPPED)
		setr(r, V_NO, "DYNAMIC_BASE, but RELOCS_STRIPPED: the loader "
		    "cannot move it");
	else if (!f->pe_relocs)
		setr(r, V_NO, "DYNAMIC_BASE, but no base relocations (.reloc): "
		    "nothing lets the loader move it");
	else
		setr(r, V_YES, "DYNAMIC_BASE and base relocations");
}

static void
ck_heva(const struct facts *f, struct result *r)
{
	struct result d;

	ck_dynbase(f, &d);
	if (!f->pe_plus)
		setr(r, V_NA, "PE32: a 32-bit image has no 64-bit address "
		    "space");
	else if (!(f->pe_dllchar & PE_DLLCHAR_HIGH_ENTROPY_VA))
		setr(r, V_NO, "DllCharacteristics lacks HIGH_ENTROPY_VA");
	else if (d.v != V_YES)
		setr(r, V_NO, "HIGH_ENTROPY_VA, but not dynamicbase (%s)",
		    d.why);
	else
		setr(r, V_YES, "HIGH_ENTROPY_VA and dynamicbase");
}

static void
ck_nxcompat(const struct facts *f, struct result *r)
{
	if (f->pe_dllchar & PE_DLLCHAR_NX_COMPAT)
		setr(r, V_YES, "NX_COMPAT: data is not executable (DEP)");
	else
		setr(r, V_NO, "DllCharacteristics lacks NX_COMPAT");
}

static void
ck_gs(const struct facts *f, struct result *r)
{
	if (!f->pe_cfg.loadcfg)
		setr(r, V_NO, "no load configuration directory");
	else if (!f->pe_cfg.has_cookie || f->pe_cfg.cookie == 0)
		setr(r, V_NO, "the load configuration has no SecurityCookie");
	else
		setr(r, V_YES, "load configuration SecurityCookie at 0x%llx",
		    (unsigned long long)f->pe_cfg.cookie);
}

static void
ck_cfg(const struct facts *f, struct result *r)
{
	if (!(f->pe_dllchar & PE_DLLCHAR_GUARD_CF))
		setr(r, V_NO, "DllCharacteristics lacks GUARD_CF");
	else if (!f->pe_cfg.has_guardflags ||
	    !(f->pe_cfg.guardflags & PE_GUARD_CF_INSTRUMENTED))
		setr(r, V_NO, "GUARD_CF, but the load configuration lacks "
		    "CF_INSTRUMENTED");
	else
		setr(r, V_YES, "GUARD_CF and CF_INSTRUMENTED (GuardFlags 0x%x)",
		    f->pe_cfg.guardflags);
}

#define ELF	FMT_ELF
#define PE	FMT_PE
#define ANY	(FMT_ELF | FMT_PE)

const struct check audit_checks[] = {
	{ "pie", "PIE", EX_PROVE, ELF, ck_pie,
	    "position-independent executable" },
	{ "relro", "RELRO", EX_PROVE, ELF, ck_relro, "PT_GNU_RELRO segment" },
	{ "bind-now", "NOW", EX_PROVE, ELF, ck_now,
	    "immediate binding (full RELRO)" },
	{ "noexecstack", "NX", EX_PROVE, ELF, ck_nx, "non-executable stack" },
	{ "rwx-segment", "RWX", EX_FACT, ANY, ck_rwx,
	    "a writable and executable PT_LOAD or PE section (fact, yes is "
	    "bad)" },
	{ "textrel", "TEXTREL", EX_FACT, ELF, ck_textrel,
	    "text relocations (fact, yes is bad)" },
	{ "stack-protector", "CANARY", EX_PROVE, ANY, ck_ssp, "stack canary" },
	{ "fortify-source", "FORTIFY", EX_PROVE, ANY, ck_fortify,
	    "_FORTIFY_SOURCE (level 2 or 3) checked libc calls" },
	{ "stack-clash-protection", "CLASH", EX_PROVE, ANY, ck_clash,
	    "-fstack-clash-protection (recorded command line)" },
	{ "cf-protection", "CET", EX_PROVE, ANY, ck_cet,
	    "x86 IBT and SHSTK property note; PE: CET_COMPAT" },
	{ "branch-protection", "BTI", EX_PROVE, ANY, ck_bti,
	    "AArch64 BTI and PAC property note" },
	{ "auto-var-init", "INIT", EX_PROVE, ANY, ck_autoinit,
	    "-ftrivial-auto-var-init (recorded command line)" },
	{ "dynamicbase", "PIE", EX_PROVE, PE, ck_dynbase,
	    "PE: DYNAMIC_BASE with base relocations (ASLR)" },
	{ "high-entropy-va", "HEVA", EX_PROVE, PE, ck_heva,
	    "PE32+: HIGH_ENTROPY_VA and dynamicbase (64-bit ASLR)" },
	{ "nxcompat", "NX", EX_PROVE, PE, ck_nxcompat,
	    "PE: NX_COMPAT (DEP)" },
	{ "guard-cf", "CFG", EX_FACT, PE, ck_cfg,
	    "PE: Control Flow Guard, GUARD_CF and CF_INSTRUMENTED (fact)" },
	{ "gs-cookie", NULL, EX_FACT, PE, ck_gs,
	    "PE: load configuration SecurityCookie, /GS (fact)" },
	{ "format-security", NULL, EX_NEVER, ANY, ck_formatsec,
	    "-Wformat-security (compile time only: always unknown)" },
	{ "strict-flex-arrays", NULL, EX_PROVE, ANY, ck_flex,
	    "-fstrict-flex-arrays (recorded command line)" },
	{ "zero-call-used-regs", NULL, EX_PROVE, ANY, ck_zeroregs,
	    "-fzero-call-used-regs (recorded command line)" },
	{ "wrapv", NULL, EX_PROVE, ANY, ck_wrapv,
	    "-fwrapv (recorded command line)" },
	{ "no-delete-null-pointer-checks", NULL, EX_PROVE, ANY, ck_nullchk,
	    "-fno-delete-null-pointer-checks (recorded command line)" },
	{ "no-strict-aliasing", NULL, EX_PROVE, ANY, ck_aliasing,
	    "-fno-strict-aliasing (recorded command line)" },
	{ "trap-bounds", NULL, EX_PROVE, ANY, ck_bounds,
	    "-fsanitize=bounds (recorded command line)" },
};

#undef ELF
#undef PE
#undef ANY

const size_t audit_nchecks = NELEM(audit_checks);

/*
 * A check of another format gets V_FORMAT, naming the check of the file's
 * format that shares its column (pie / dynamicbase, noexecstack /
 * nxcompat) when there is one.
 */
void
audit_judge(size_t i, const struct facts *f, struct result *r)
{
	const struct check *c = &audit_checks[i];
	const char *twin = NULL;
	size_t j;

	if (c->formats & f->format) {
		c->fn(f, r);
		return;
	}
	for (j = 0; j < audit_nchecks && c->column != NULL; j++)
		if (audit_checks[j].column != NULL &&
		    strcmp(audit_checks[j].column, c->column) == 0 &&
		    (audit_checks[j].formats & f->format))
			twin = audit_checks[j].name;
	setr(r, V_FORMAT, "%s only: n/a for a%s %s file%s%s",
	    c->formats == FMT_PE ? "PE" : "ELF",
	    f->format == FMT_ELF ? "n" : "", f->format == FMT_PE ? "PE" :
	    "ELF", twin != NULL ? "; see " : "", twin != NULL ? twin : "");
}

int
audit_find(const char *name)
{
	size_t i;

	for (i = 0; i < audit_nchecks; i++)
		if (strcmp(audit_checks[i].name, name) == 0)
			return (int)i;
	return -1;
}
