/*
 * json.c - JSON strings that keep every byte of a file name: valid UTF-8
 * passes through, control characters become \u00XX, and a byte that is not
 * part of valid UTF-8 becomes the lone surrogate \udcXX (as Python's
 * surrogateescape does), which no valid text decodes to.  Shared by
 * harden-audit and harden-cost.
 */
#include <stdio.h>

#include "json.h"

/*
 * Length of the valid UTF-8 sequence at p (1 to 4), 0 if p starts an
 * invalid one (overlong forms, surrogates and code points past U+10FFFF
 * are invalid).  p is NUL-terminated, so no read passes the end.
 */
size_t
utf8len(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		if (p[0] == 0xe0)
			lo = 0xa0;
		else if (p[0] == 0xed)
			hi = 0x9f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		if (p[0] == 0xf0)
			lo = 0x90;
		else if (p[0] == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/* Writes s to f as a JSON string, or null when s is NULL. */
void
json_string(FILE *f, const char *s)
{
	const unsigned char *p;
	size_t n;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (p = (const unsigned char *)s; *p != '\0'; p += n) {
		n = 1;
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else if ((n = utf8len(p)) == 0) {
			fprintf(f, "\\udc%02x", *p);
			n = 1;
		} else
			fwrite(p, 1, n, f);
	}
	putc('"', f);
}
