/*
 * archive.c - walk the members of an ar archive: see archive.h.  The
 * format is the System V / GNU one of ar(5): an 8-byte magic, then for each
 * member a 60-byte header (name 16, date 12, uid 6, gid 6, mode 8, size 10,
 * "`\n") and its data, padded to an even offset.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "archive.h"

#define AR_MAGIC	"!<arch>\n"
#define AR_HDR		60
#define AR_NAME		16
#define AR_SIZE_AT	48
#define AR_SIZE		10
#define AR_FMAG_AT	58

static int	fail(struct ar *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static int
fail(struct ar *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->err, sizeof(a->err), fmt, ap);
	va_end(ap);
	return -1;
}

/* A decimal field, blank-padded on the right; -1 if it is not one. */
static int
decimal(const unsigned char *p, size_t len, size_t *val)
{
	size_t i, v = 0;

	for (i = 0; i < len && p[i] >= '0' && p[i] <= '9'; i++) {
		if (v > (SIZE_MAX - 9) / 10)
			return -1;
		v = v * 10 + (size_t)(p[i] - '0');
	}
	if (i == 0)
		return -1;
	for (; i < len; i++)
		if (p[i] != ' ')
			return -1;
	*val = v;
	return 0;
}

int
ar_open(struct ar *a, const unsigned char *data, size_t size)
{
	memset(a, 0, sizeof(*a));
	a->data = data;
	a->size = size;
	if (size < sizeof(AR_MAGIC) - 1 ||
	    memcmp(data, AR_MAGIC, sizeof(AR_MAGIC) - 1) != 0)
		return fail(a, "not an ar archive");
	a->pos = sizeof(AR_MAGIC) - 1;
	return 0;
}

/* Copy len bytes of name into m->name (cut to fit). */
static void
setname(struct ar_member *m, const unsigned char *s, size_t len)
{
	if (len >= sizeof(m->name))
		len = sizeof(m->name) - 1;
	memcpy(m->name, s, len);
	m->name[len] = '\0';
}

/* A GNU "/OFFSET" name: the entry of the "//" table, up to "/\n". */
static int
long_name(struct ar *a, struct ar_member *m, const unsigned char *h)
{
	size_t off, end;

	if (decimal(h + 1, AR_NAME - 1, &off) == -1)
		return fail(a, "member at offset %zu: bad long name reference",
		    m->offset);
	if (a->names == NULL || off >= a->nameslen)
		return fail(a, "member at offset %zu: long name %zu outside "
		    "the name table (%zu bytes)", m->offset, off, a->nameslen);
	for (end = off; end < a->nameslen && a->names[end] != '\n'; end++)
		;
	if (end > off && a->names[end - 1] == '/')
		end--;
	setname(m, a->names + off, end - off);
	return 0;
}

/*
 * The member's name; a BSD "#1/LEN" name is the first LEN bytes of its
 * data, which then start after it.
 */
static int
member_name(struct ar *a, struct ar_member *m, const unsigned char *h)
{
	size_t len;

	if (h[0] == '/' && h[1] >= '0' && h[1] <= '9')
		return long_name(a, m, h);
	if (memcmp(h, "#1/", 3) == 0) {
		if (decimal(h + 3, AR_NAME - 3, &len) == -1 || len > m->size)
			return fail(a, "member at offset %zu: bad BSD name "
			    "length", m->offset);
		setname(m, m->data, strnlen((const char *)m->data, len));
		m->data += len;
		m->size -= len;
		return 0;
	}
	for (len = AR_NAME; len > 0 && h[len - 1] == ' '; len--)
		;
	if (len > 0 && h[len - 1] == '/')
		len--;
	setname(m, h, len);
	return 0;
}

/* The GNU symbol tables are no objects (the BSD one: is_bsd_index). */
static int
is_index(const unsigned char *h)
{
	return memcmp(h, "/ ", 2) == 0 || memcmp(h, "/SYM64/ ", 8) == 0;
}

/* "__.SYMDEF", "__.SYMDEF SORTED", "__.SYMDEF_64": BSD symbol tables. */
static int
is_bsd_index(const struct ar_member *m)
{
	return strncmp(m->name, "__.SYMDEF", 9) == 0;
}

int
ar_next(struct ar *a, struct ar_member *m)
{
	const unsigned char *h;
	size_t size;

	for (;;) {
		if (a->pos >= a->size)
			return 0;
		memset(m, 0, sizeof(*m));
		m->offset = a->pos;
		if (a->size - a->pos < AR_HDR)
			return fail(a, "member header at offset %zu cut short",
			    a->pos);
		h = a->data + a->pos;
		if (h[AR_FMAG_AT] != '`' || h[AR_FMAG_AT + 1] != '\n' ||
		    decimal(h + AR_SIZE_AT, AR_SIZE, &size) == -1)
			return fail(a, "bad member header at offset %zu",
			    a->pos);
		if (size > a->size - a->pos - AR_HDR)
			return fail(a, "member at offset %zu: size %zu past the "
			    "end of the archive", a->pos, size);
		m->data = h + AR_HDR;
		m->size = size;
		a->pos += AR_HDR + size + (size & 1);
		if (memcmp(h, "// ", 3) == 0) {
			if (a->names != NULL)
				return fail(a, "two long name tables");
			a->names = m->data;
			a->nameslen = size;
			continue;
		}
		if (is_index(h))
			continue;
		if (member_name(a, m, h) == -1)
			return -1;
		if (!is_bsd_index(m))
			return 1;
	}
}
