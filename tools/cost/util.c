/*
 * util.c - harden-cost's small helpers: memory, strings, argument vectors
 * and files.  Out of memory and overlong argument lists end the program.
 */
#define _XOPEN_SOURCE	700
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

void *
xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (p == NULL)
		errx(EXIT_FAILED, "out of memory");
	return p;
}

char *
xprintf(const char *format, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, format);
	n = vsnprintf(NULL, 0, format, ap);
	va_end(ap);
	s = xmalloc((size_t)n + 1);
	va_start(ap, format);
	vsnprintf(s, (size_t)n + 1, format, ap);
	va_end(ap);
	return s;
}

void
args_add(struct args *a, const char *format, ...)
{
	va_list ap;
	char buf[8192];

	if (a->n >= (int)(sizeof a->v / sizeof a->v[0]) - 1)
		errx(EXIT_FAILED, "too many arguments");
	va_start(ap, format);
	vsnprintf(buf, sizeof buf, format, ap);
	va_end(ap);
	a->v[a->n++] = xprintf("%s", buf);
	a->v[a->n] = NULL;
}

void
args_clear(struct args *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	a->n = 0;
	a->v[0] = NULL;
}

/* snprintf that truncates silently: the paths and messages here fit or
 * are cut, and compilers need not warn about each one. */
int
fmt(char *buf, size_t len, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(buf, len, format, ap);
	va_end(ap);
	return n;
}

void
copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

void
trim_newline(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

int
file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

char *
find_in_path(const char *prog, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;

	if (strchr(prog, '/') != NULL) {
		snprintf(buf, len, "%s", prog);
		return access(buf, X_OK) == 0 ? buf : NULL;
	}
	for (p = path ? path : "/usr/bin:/bin"; *p != '\0'; p = end + (*end != '\0')) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)snprintf(buf, len, "%.*s/%s", (int)(end - p), p,
		    prog) < len && access(buf, X_OK) == 0)
			return buf;
		if (*end == '\0')
			break;
	}
	return NULL;
}

static int
remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT;
}

int
remove_tree(const char *path)
{
	if (!file_exists(path))
		return 0;
	return nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

int
make_dirs(const char *path)
{
	char buf[PATH_MAX], *p;

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return -1;
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0755) != 0 && errno != EEXIST ? -1 : 0;
}
