/*
 * rpath.c - classify search path entries: see rpath.h.  A relative or
 * empty entry is resolved against the process's current directory, which
 * whoever starts the program chooses: the OpenSSF guide and checksec flag
 * them.  $ORIGIN is the directory of the object itself (ignored by glibc
 * in setuid programs); other dynamic string tokens ($LIB, $PLATFORM) at the
 * start of an entry expand to a relative name, so they count as relative.
 */
#include <string.h>

#include "rpath.h"

/* Whether the entry [s, s+n) starts with $ORIGIN or ${ORIGIN}. */
static int
is_origin(const char *s, size_t n)
{
	return (n >= 7 && strncmp(s, "$ORIGIN", 7) == 0 &&
	    (n == 7 || s[7] == '/')) ||
	    (n >= 9 && strncmp(s, "${ORIGIN}", 9) == 0);
}

void
rpath_classify(const char *s, struct rpath_classes *c)
{
	size_t n;

	for (;;) {
		n = strcspn(s, ":");
		if (n == 0)
			c->empty++;
		else if (s[0] == '/')
			c->absolute++;
		else if (is_origin(s, n))
			c->origin++;
		else
			c->relative++;
		if (s[n] == '\0')
			return;
		s += n + 1;
	}
}
