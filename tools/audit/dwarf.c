/*
 * dwarf.c - find DW_AT_producer and DW_AT_name of every compilation unit.
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
#define DW_AT_producer		0x25
#define DW_AT_str_offsets_base	0x72
#define DW_UT_compile		1

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
	case 0x01: cur_skip(c, addrsz); break;			/* addr */
	case 0x03: cur_skip(c, cur_uint(c, 2)); break;		/* block2 */
	case 0x04: cur_skip(c, cur_uint(c, 4)); break;		/* block4 */
	case 0x05: case 0x12: cur_skip(c, 2); break;		/* data2 ref2 */
	case 0x06: case 0x13: case 0x1c: cur_skip(c, 4); break;
	case 0x07: case 0x14: case 0x20: case 0x24: cur_skip(c, 8); break;
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
	case 0x0b: case 0x0c: case 0x11: cur_skip(c, 1); break;
	case 0x0d: case 0x0f: case 0x15: case 0x1b: case 0x22: case 0x23:
	case 0x1f01:
		cur_leb(c);
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
	case 0x29: cur_skip(c, 1); break;			/* addrx1-4 */
	case 0x2a: cur_skip(c, 2); break;
	case 0x2b: cur_skip(c, 3); break;
	case 0x2c: cur_skip(c, 4); break;
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

int
dwarf_units(const struct elf *e, int (*fn)(const char *, const char *,
    void *), void *arg)
{
	struct sec info = section(e, ".debug_info");
	struct sec abbrev = section(e, ".debug_abbrev");
	struct sec str = section(e, ".debug_str");
	struct sec lstr = section(e, ".debug_line_str");
	struct sec stroff = section(e, ".debug_str_offsets");
	struct abcache ac;
	struct cur c, ab;
	uint64_t len, end, aoff, code, at, form, base, spec;
	unsigned offsz, addrsz, version, ut;
	struct attr prod, name, sbase;
	int rc = -1;

	if (info.p == NULL)
		return 0;
	memset(&ac, 0, sizeof(ac));
	ac.tabs.size = sizeof(struct abtab);
	ac.budget = 2 * abbrev.n + 4096;
	c.e = ab.e = e;
	c.p = info.p;
	c.n = info.n;
	c.i = 0;
	c.bad = 0;
	ab.p = abbrev.p;
	ab.n = abbrev.n;
	while (c.i < c.n) {
		offsz = 4;
		len = cur_uint(&c, 4);
		if (len == 0xffffffff) {
			offsz = 8;
			len = cur_uint(&c, 8);
		} else if (len >= 0xfffffff0)
			goto out;
		if (c.bad || len > c.n - c.i)
			goto out;
		end = c.i + len;
		version = (unsigned)cur_uint(&c, 2);
		ut = DW_UT_compile;
		if (version >= 5) {
			ut = (unsigned)cur_uint(&c, 1);
			addrsz = (unsigned)cur_uint(&c, 1);
			aoff = cur_uint(&c, offsz);
		} else {
			aoff = cur_uint(&c, offsz);
			addrsz = (unsigned)cur_uint(&c, 1);
		}
		if (c.bad)
			goto out;
		if (version < 2 || version > 5 || ut != DW_UT_compile) {
			c.i = end;	/* type, skeleton or unknown unit */
			continue;
		}
		code = cur_leb(&c);
		/* The abbreviation of the unit DIE. */
		if (abbrev.p == NULL || aoff > abbrev.n ||
		    abfind(&ac, &ab, aoff, code, &spec) == -1)
			goto out;
		ab.i = spec;
		ab.bad = 0;
		memset(&prod, 0, sizeof(prod));
		memset(&name, 0, sizeof(name));
		memset(&sbase, 0, sizeof(sbase));
		for (;;) {
			at = cur_leb(&ab);
			form = cur_leb(&ab);
			if (ab.bad)
				goto out;
			if (at == 0 && form == 0)
				break;
			if (form == 0x21)
				cur_leb(&ab);
			form_value(&c, form, offsz, addrsz, version, 0,
			    at == DW_AT_producer ? &prod : at == DW_AT_name ?
			    &name : at == DW_AT_str_offsets_base ? &sbase :
			    NULL);
			if (c.bad || c.i > end)
				goto out;
		}
		/* Default: just past the .debug_str_offsets header. */
		base = sbase.set ? sbase.val : offsz == 8 ? 16 : 8;
		if (prod.set && fn(resolve(&prod, &c, str, lstr, stroff, base,
		    offsz, e), resolve(&name, &c, str, lstr, stroff, base,
		    offsz, e), arg) != 0)
			break;
		c.i = end;
	}
	rc = 0;
out:
	free(ac.ent);
	memo_free(&ac.tabs);
	return rc;
}
