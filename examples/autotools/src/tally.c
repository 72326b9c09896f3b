/* libtally: count the lines, words and bytes of a text, as wc(1) does. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tally.h"

void
tally_init(struct tally *t)
{
	memset(t, 0, sizeof(*t));
}

void
tally_feed(struct tally *t, const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n')
			t->lines++;
		if (isspace(c))
			t->in_word = 0;
		else if (!t->in_word) {
			t->in_word = 1;
			t->words++;
		}
	}
	t->bytes += len;
}

/*
 * Writes "lines words bytes name" into out.  Returns the length written, or
 * -1 if out is too small: the name is copied into a fixed field first, the
 * kind of code stack protection and fortified calls exist for.  (strnlen
 * reads no further than the field; the compiler cannot bound the copy from
 * it, so the strcpy stays checked at run time, with every C library that
 * fortifies, mingw-w64's included.)
 */
int
tally_format(const struct tally *t, const char *name, char *out, size_t outlen)
{
	char field[64];
	int n;

	if (strnlen(name, sizeof(field)) == sizeof(field))
		return -1;
	strcpy(field, name);
	n = snprintf(out, outlen, "%7zu %7zu %7zu %s", t->lines, t->words,
	    t->bytes, field);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	return n;
}
