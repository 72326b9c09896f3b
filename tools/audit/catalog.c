/*
 * catalog.c - look-ups in the generated table of the catalog (features.c).
 */
#include <string.h>

#include "catalog.h"

/* '*' matches any run; the catalog allows no other wildcard. */
int
cat_match(const char *pattern, const char *word, size_t len)
{
	const char *star_p = NULL, *star_w = NULL, *end = word + len;

	while (word < end) {
		if (*pattern == '*') {
			star_p = ++pattern;
			star_w = word;
		} else if (*pattern != '\0' && *pattern == *word) {
			pattern++;
			word++;
		} else if (star_p != NULL) {
			pattern = star_p;
			word = ++star_w;
		} else
			return 0;
	}
	while (*pattern == '*')
		pattern++;
	return *pattern == '\0';
}

int
cat_find(const char *name)
{
	size_t i;

	for (i = 0; i < cat_nfeatures; i++)
		if (strcmp(cat_features[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
cat_requires(size_t k, const char *what)
{
	const char *r = cat_features[k].requires;
	size_t n = strlen(what);

	for (; r != NULL && *r != '\0'; r += strcspn(r, ","), r += *r == ',')
		if (strncmp(r, what, n) == 0 && (r[n] == ',' || r[n] == '\0'))
			return 1;
	return 0;
}
