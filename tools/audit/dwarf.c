/*
 * dwarf.c - find DW_AT_producer, DW_AT_name and DW_AT_language of every
 * compilation unit.
 *
 * Only the first DIE of each unit in .debug_info is decoded (through its
 * abbreviation in .debug_abbrev); its attributes are skipped by form, so
 * DWARF 2 to 5, 32- and 64-bit DWARF and the string forms strp, line_strp,
 * string and strx* (via .debug_str_offsets) are understood.  Every read is
 * bounds-checked through struct cur; anything unexpected makes the whole
 * walk fail, which the caller reports as "unreadable debug info" rather
 * than as a malformed ELF file.
 *
 * The walk is linear: each abbreviation table is parsed once into an index
 * (units share tables), and a string section's validity is checked against
 * its last NUL instead of a memchr per string.  Tables that overlap (only
 * crafted files have them) are parsed within a budget of twice the size of
 * .debug_abbrev.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "memo.h"

#define DW_AT_name		0x03
#define DW_AT_language		0x13
#define DW_AT_low_pc		0x11
#define DW_AT_high_pc		0x12
#define DW_AT_producer		0x25
#define DW_AT_ranges		0x55
#define DW_AT_str_offsets_base	0x72
#define DW_AT_rnglists_base	0x74
#define DW_UT_compile		1
#define DW_FORM_addr		0x01
#define DW_FORM_sec_offset	0x17
#define DW_FORM_rnglistx	0x23

struct cur {
	const struct elf	*e;
	const unsigned char	*p;
	uint64_t		n, i;
	int			bad;
};

struct sec {
	const unsigned char	*p;
	uint64_t		n;
	uint64_t		lim;	/* one past the last NUL */
};

static int
cur_need(struct cur *c, uint64_t k)
{
	if (c->bad || k > c->n - c->i) {
		c->bad = 1;
		return 0;
	}
	return 1;
}

static uint64_t
cur_uint(struct cur *c, unsigned k)
{
	uint64_t v = 0;
	unsigned j;

	if (!cur_need(c, k))
		return 0;
	for (j = 0; j < k; j++)		/* byte order of the ELF file */
		v |= (uint64_t)c->p[c->i + (c->e->big ? k - 1 - j : j)] << 8 * j;
	c->i += k;
	return v;
}

static uint64_t
cur_leb(struct cur *c)
{
	uint64_t v = 0;
	unsigned shift = 0;
	unsigned char b;

	do {
		if (!cur_need(c, 1))
			return 0;
		b = c->p[c->i++];
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	return v;
}

static void
cur_skip(struct cur *c, uint64_t k)
{
	if (cur_need(c, k))
		c->i += k;
}

static struct sec
section(const struct elf *e, const char *name)
{
	const struct elf_shdr *s = elf_section(e, name);
	struct sec r = { NULL, 0, 0 };

	if (s != NULL && s->type != 8 && (r.p = elf_ptr(e, s->offset,
	    s->size)) != NULL) {
		r.n = s->size;
		for (r.lim = r.n; r.lim > 0 && r.p[r.lim - 1] != '\0'; r.lim--)
			;
	}
	return r;
}

static const char *
secstr(struct sec s, uint64_t off)
{
	if (s.p == NULL || off >= s.lim)
		return NULL;
	return (const char *)s.p + off;
}

/*
 * The abbreviation tables seen so far, by offset.  ent[] holds the entries
 * of all of them: table t is ent[t.first .. t.first + t.n), sorted by code
 * (then by position, so that the first of duplicate codes wins, as in a
 * sequential search).
 */
struct abent {
	uint64_t	code;
	uint64_t	spec;		/* offset of its attribute specs */
};

struct abtab {
	size_t		first, n;
};

struct abcache {
	struct abent	*ent;
	size_t		nent, capent;
	struct memo	tabs;		/* struct abtab by offset */
	uint64_t	budget;		/* abbreviation bytes left to parse */
};

static int
abcmp(const void *a, const void *b)
{
	const struct abent *x = a, *y = b;

	if (x->code != y->code)
		return x->code < y->code ? -1 : 1;
	return x->spec < y->spec ? -1 : x->spec > y->spec;
}

/*
 * Parse the table at off into the cache.  A table that ends badly keeps
 * the entries before the damage (a sequential search would find those).
 */
static int
abparse(struct abcache *ac, struct cur *ab, uint64_t off, struct abtab *t)
{
	uint64_t code, at, form, start = off;
	struct abent *ne, *v;
	size_t i;

	t->first = ac->nent;
	t->n = 0;
	ab->i = off;
	ab->bad = 0;
	for (;;) {
		code = cur_leb(ab);
		if (ab->bad || code == 0)
			break;
		cur_leb(ab);		/* tag */
		cur_skip(ab, 1);	/* children */
		if (ab->bad)
			break;
		if (ac->nent == ac->capent) {
			ac->capent = ac->capent ? ac->capent * 2 : 256;
			if ((ne = realloc(ac->ent, ac->capent *
			    sizeof(*ne))) == NULL)
				return -1;
			ac->ent = ne;
		}
		ac->ent[ac->nent].code = code;
		ac->ent[ac->nent].spec = ab->i;
		ac->nent++;
		t->n++;
		do {
			at = cur_leb(ab);
			form = cur_leb(ab);
			if (form == 0x21)
				cur_leb(ab);
		} while (!ab->bad && (at != 0 || form != 0));
		if (ab->i - start > ac->budget)
			return -1;	/* overlapping tables: crafted */
	}
	if (ab->i - start > ac->budget)
		return -1;
	ac->budget -= ab->i - start;
	if (t->n < 2)
		return 0;	/* and ac->ent may still be NULL */
	/* Compilers number the codes in order: sort only when they are not. */
	v = ac->ent + t->first;
	for (i = 1; i < t->n; i++)
		if (abcmp(&v[i - 1], &v[i]) > 0) {
			qsort(v, t->n, sizeof(*v), abcmp);
			break;
		}
	return 0;
}

/* Offset of the attribute specifications of code in the table at off. */
static int
abfind(struct abcache *ac, struct cur *ab, uint64_t off, uint64_t code,
    uint64_t *spec)
{
	struct abtab *t;
	const struct abent *v;
	size_t lo, hi, mid;
	int fresh;

	if ((t = memo_get(&ac->tabs, off, &fresh)) == NULL)
		return -1;
	if (fresh && abparse(ac, ab, off, t) == -1)
		return -1;
	if (t->n == 0)
		return -1;
	v = ac->ent + t->first;
	/* Usually codes are 1..n in order: try that first. */
	if (code >= 1 && code <= t->n && v[code - 1].code == code &&
	    (code == 1 || v[code - 2].code != code)) {
		*spec = v[code - 1].spec;
		return 0;
	}
	for (lo = 0, hi = t->n; lo < hi;) {	/* first entry >= code */
		mid = lo + (hi - lo) / 2;
		if (v[mid].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == t->n || v[lo].code != code)
		return -1;
	*spec = v[lo].spec;
	return 0;
}

struct attr {
	uint64_t	form;
	uint64_t	val;	/* offset, index or inline string position */
	int		set;
};

/*
 * Read (or skip) one attribute value of the given form; records string
 * offsets/indices in *a when a is not NULL.
 */
static void
form_value(struct cur *c, uint64_t form, unsigned offsz, unsigned addrsz,
    unsigned version, int64_t depth, struct attr *a)
{
	uint64_t v = 0;

	switch (form) {
	case 0x01:						/* addr */
		if (addrsz <= 8)
			v = cur_uint(c, addrsz);
		else
			cur_skip(c, addrsz);
		break;
	case 0x03: cur_skip(c, cur_uint(c, 2)); break;		/* block2 */
	case 0x04: cur_skip(c, cur_uint(c, 4)); break;		/* block4 */
	case 0x05: case 0x12: v = cur_uint(c, 2); break;	/* data2 ref2 */
	case 0x06: case 0x13: case 0x1c: v = cur_uint(c, 4); break;
	case 0x07: case 0x14: case 0x20: case 0x24: v = cur_uint(c, 8); break;
	case 0x08:						/* string */
		if (cur_need(c, 1) && memchr(c->p + c->i, '\0',
		    (size_t)(c->n - c->i)) != NULL) {
			v = c->i;
			c->i += strlen((const char *)c->p + c->i) + 1;
		} else
			c->bad = 1;
		break;
	case 0x09: case 0x18: cur_skip(c, cur_leb(c)); break;	/* block exprloc */
	case 0x0a: cur_skip(c, cur_uint(c, 1)); break;		/* block1 */
	case 0x0b: case 0x0c: case 0x11: v = cur_uint(c, 1); break;
	case 0x0d: case 0x0f: case 0x15: case 0x1b: case 0x22: case 0x23:
	case 0x1f01:
		v = cur_leb(c);
		break;
	case 0x1a: case 0x1f02: v = cur_leb(c); break;		/* strx */
	case 0x0e: case 0x1f: case 0x17: case 0x1d: case 0x1f20: case 0x1f21:
		v = cur_uint(c, offsz);				/* strp etc. */
		break;
	case 0x10:						/* ref_addr */
		cur_skip(c, version <= 2 ? addrsz : offsz);
		break;
	case 0x16:						/* indirect */
		v = cur_leb(c);
		if (depth > 0 || c->bad)
			c->bad = 1;
		else
			form_value(c, v, offsz, addrsz, version, depth + 1, a);
		return;
	case 0x19: case 0x21: break;		/* flag_present implicit_const */
	case 0x1e: cur_skip(c, 16); break;			/* data16 */
	case 0x25: v = cur_uint(c, 1); break;			/* strx1-4 */
	case 0x26: v = cur_uint(c, 2); break;
	case 0x27: v = cur_uint(c, 3); break;
	case 0x28: v = cur_uint(c, 4); break;
	case 0x29: v = cur_uint(c, 1); break;			/* addrx1-4 */
	case 0x2a: v = cur_uint(c, 2); break;
	case 0x2b: v = cur_uint(c, 3); break;
	case 0x2c: v = cur_uint(c, 4); break;
	default:
		c->bad = 1;
		break;
	}
	if (a != NULL && !c->bad) {
		a->form = form;
		a->val = v;
		a->set = 1;
	}
}

static const char *
resolve(const struct attr *a, const struct cur *info, struct sec str,
    struct sec lstr, struct sec stroff, uint64_t base, unsigned offsz,
    const struct elf *e)
{
	struct cur c;
	uint64_t off;

	if (!a->set)
		return NULL;
	switch (a->form) {
	case 0x08:
		return (const char *)info->p + a->val;
	case 0x0e:
		return secstr(str, a->val);
	case 0x1f:
		return secstr(lstr, a->val);
	case 0x1a: case 0x1f02: case 0x25: case 0x26: case 0x27: case 0x28:
		if (stroff.p == NULL || a->val > stroff.n / offsz)
			return NULL;
		c.e = e;
		c.p = stroff.p;
		c.n = stroff.n;
		c.i = base + a->val * offsz;
		c.bad = c.i > c.n;
		off = cur_uint(&c, offsz);
		return c.bad ? NULL : secstr(str, off);
	default:
		return NULL;
	}
}

/* The sections a unit's attributes point into. */
struct dwsecs {
	struct sec	info, abbrev, str, lstr, stroff, ranges, rnglists;
};

/* What the DIE of one compilation unit says, as read. */
struct unitdie {
	unsigned	offsz, addrsz, version;
	struct attr	prod, name, lang, sbase, low, high, ranges, rbase;
};

/* The unit DIE's attributes that matter here; -1 when malformed. */
static int
read_unit_die(struct cur *c, struct cur *ab, uint64_t end, struct unitdie *u)
{
	uint64_t at, form;
	struct attr *a;

	for (;;) {
		at = cur_leb(ab);
		form = cur_leb(ab);
		if (ab->bad)
			return -1;
		if (at == 0 && form == 0)
			return 0;
		if (form == 0x21)
			cur_leb(ab);
		a = at == DW_AT_producer ? &u->prod : at == DW_AT_name ?
		    &u->name : at == DW_AT_language ? &u->lang :
		    at == DW_AT_str_offsets_base ? &u->sbase :
		    at == DW_AT_low_pc ? &u->low : at == DW_AT_high_pc ?
		    &u->high : at == DW_AT_ranges ? &u->ranges :
		    at == DW_AT_rnglists_base ? &u->rbase : NULL;
		form_value(c, form, u->offsz, u->addrsz, u->version, 0, a);
		if (c->bad || c->i > end)
			return -1;
	}
}

/* Bytes of the DWARF 2-4 range list at off (.debug_ranges); -1 if unread. */
static int64_t
ranges_v4(const struct dwsecs *d, const struct elf *e, uint64_t off,
    unsigned addrsz, uint64_t *budget)
{
	struct cur c = { e, d->ranges.p, d->ranges.n, off, off > d->ranges.n };
	uint64_t b, x, max = addrsz == 8 ? UINT64_MAX : 0xffffffffu, sum = 0;

	if (d->ranges.p == NULL || (addrsz != 4 && addrsz != 8))
		return -1;
	for (;;) {
		b = cur_uint(&c, addrsz);
		x = cur_uint(&c, addrsz);
		if (c.bad || (*budget -= *budget > 0) == 0)
			return -1;
		if (b == 0 && x == 0)
			return (int64_t)(sum & INT64_MAX);
		if (b != max && x > b)
			sum += x - b;
	}
}

/* Bytes of the DWARF 5 range list at off (.debug_rnglists); -1 if unread. */
static int64_t
ranges_v5(const struct dwsecs *d, const struct elf *e, uint64_t off,
    unsigned addrsz, uint64_t *budget)
{
	struct cur c = { e, d->rnglists.p, d->rnglists.n, off,
	    off > d->rnglists.n };
	uint64_t b, x, sum = 0;
	unsigned kind;

	if (d->rnglists.p == NULL || addrsz > 8)
		return -1;
	for (;;) {
		kind = (unsigned)cur_uint(&c, 1);
		if (c.bad || (*budget -= *budget > 0) == 0)
			return -1;
		switch (kind) {
		case 0: return (int64_t)(sum & INT64_MAX);	/* end_of_list */
		case 1: cur_leb(&c); break;		/* base_addressx */
		case 2: return -1;	/* startx_endx: needs .debug_addr */
		case 3: cur_leb(&c); sum += cur_leb(&c); break;
		case 4:					/* offset_pair */
			b = cur_leb(&c);
			if ((x = cur_leb(&c)) > b)
				sum += x - b;
			break;
		case 5: cur_skip(&c, addrsz); break;	/* base_address */
		case 6:					/* start_end */
			b = cur_uint(&c, addrsz);
			if ((x = cur_uint(&c, addrsz)) > b)
				sum += x - b;
			break;
		case 7: cur_skip(&c, addrsz); sum += cur_leb(&c); break;
		default: return -1;
		}
	}
}

/*
 * Bytes of code of the unit (DW_AT_low_pc/high_pc or DW_AT_ranges; none of
 * them: no code, DWARF 5 section 3.1.1), or -1 when they cannot be read.
 */
static int64_t
unit_code(const struct dwsecs *d, const struct elf *e,
    const struct unitdie *u, uint64_t *budget)
{
	struct cur c;
	uint64_t off;

	if (u->ranges.set && u->version <= 4)
		return ranges_v4(d, e, u->ranges.val, u->addrsz, budget);
	if (u->ranges.set && u->ranges.form == DW_FORM_sec_offset)
		return ranges_v5(d, e, u->ranges.val, u->addrsz, budget);
	if (u->ranges.set) {		/* rnglistx: an index at rnglists_base */
		if (u->ranges.form != DW_FORM_rnglistx || !u->rbase.set ||
		    d->rnglists.p == NULL)
			return -1;
		c = (struct cur){ e, d->rnglists.p, d->rnglists.n, 0, 0 };
		if (u->ranges.val > d->rnglists.n / u->offsz ||
		    u->rbase.val > d->rnglists.n)
			return -1;
		c.i = u->rbase.val + u->ranges.val * u->offsz;
		off = cur_uint(&c, u->offsz);
		return c.bad ? -1 : ranges_v5(d, e, u->rbase.val + off,
		    u->addrsz, budget);
	}
	if (!u->high.set)	/* no address attribute: a unit of data only */
		return 0;
	if (u->high.form != DW_FORM_addr)
		return (int64_t)(u->high.val & INT64_MAX);	/* a length */
	if (u->low.form == DW_FORM_addr && u->high.val >= u->low.val)
		return (int64_t)((u->high.val - u->low.val) & INT64_MAX);
	return -1;
}

/* The unit header at c (advanced past it); -1 malformed, 1 to skip. */
static int
unit_header(struct cur *c, struct unitdie *u, uint64_t *end, uint64_t *aoff)
{
	uint64_t len;
	unsigned ut = DW_UT_compile;

	u->offsz = 4;
	len = cur_uint(c, 4);
	if (len == 0xffffffff) {
		u->offsz = 8;
		len = cur_uint(c, 8);
	} else if (len >= 0xfffffff0)
		return -1;
	if (c->bad || len > c->n - c->i)
		return -1;
	*end = c->i + len;
	u->version = (unsigned)cur_uint(c, 2);
	if (u->version >= 5) {
		ut = (unsigned)cur_uint(c, 1);
		u->addrsz = (unsigned)cur_uint(c, 1);
		*aoff = cur_uint(c, u->offsz);
	} else {
		*aoff = cur_uint(c, u->offsz);
		u->addrsz = (unsigned)cur_uint(c, 1);
	}
	if (c->bad)
		return -1;
	return u->version < 2 || u->version > 5 || ut != DW_UT_compile;
}

int
dwarf_units(const struct elf *e, int (*fn)(const struct dwarf_unit *,
    void *), void *arg)
{
	struct dwsecs d;
	struct abcache ac;
	struct cur c, ab;
	struct unitdie u;
	struct dwarf_unit du;
	uint64_t end, aoff, spec, base, budget;
	int rc = -1, h;

	d = (struct dwsecs){ section(e, ".debug_info"),
	    section(e, ".debug_abbrev"), section(e, ".debug_str"),
	    section(e, ".debug_line_str"), section(e, ".debug_str_offsets"),
	    section(e, ".debug_ranges"), section(e, ".debug_rnglists") };
	if (d.info.p == NULL)
		return 0;
	memset(&ac, 0, sizeof(ac));
	ac.tabs.size = sizeof(struct abtab);
	ac.budget = 2 * d.abbrev.n + 4096;
	/* Range entries read, at most: shared lists cannot make it quadratic. */
	budget = (d.ranges.n + d.rnglists.n) / 2 + 4096;
	c = (struct cur){ e, d.info.p, d.info.n, 0, 0 };
	ab = (struct cur){ e, d.abbrev.p, d.abbrev.n, 0, 0 };
	while (c.i < c.n) {
		memset(&u, 0, sizeof(u));
		if ((h = unit_header(&c, &u, &end, &aoff)) == -1)
			goto out;
		if (h == 1) {
			c.i = end;	/* type, skeleton or unknown unit */
			continue;
		}
		/* The abbreviation of the unit DIE. */
		if (d.abbrev.p == NULL || aoff > d.abbrev.n ||
		    abfind(&ac, &ab, aoff, cur_leb(&c), &spec) == -1)
			goto out;
		ab.i = spec;
		ab.bad = 0;
		if (read_unit_die(&c, &ab, end, &u) == -1)
			goto out;
		/* Default: just past the .debug_str_offsets header. */
		base = u.sbase.set ? u.sbase.val : u.offsz == 8 ? 16 : 8;
		du.producer = resolve(&u.prod, &c, d.str, d.lstr, d.stroff,
		    base, u.offsz, e);
		du.name = resolve(&u.name, &c, d.str, d.lstr, d.stroff, base,
		    u.offsz, e);
		du.lang = u.lang.set ? (unsigned)u.lang.val : 0;
		du.code = unit_code(&d, e, &u, &budget);
		if (u.prod.set && fn(&du, arg) != 0)
			break;
		c.i = end;
	}
	rc = 0;
out:
	free(ac.ent);
	memo_free(&ac.tabs);
	return rc;
}
