/*
 * deps.c - the operands' dependencies on one another (deps.h).  An object
 * that needs a DF_1_NOOPEN library is refused by dlopen as well ("shared
 * object cannot be dlopen()ed"), which breaks a plugin that links it; only
 * the operands are looked at (no library search path).
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "deps.h"

struct dep_object {
	char	*path;
	char	*soname;	/* DT_SONAME, else the file's base name */
	char	*needed;	/* DT_NEEDED names, one a line */
	int	noopen;
};

static struct dep_object *objs;
static size_t nobjs, capobjs;

static char *
xstrdup_(const char *s)
{
	char *d = strdup(s);

	if (d == NULL)
		err(2, "strdup");
	return d;
}

void
deps_note(const char *path, const struct facts *f)
{
	struct dep_object *o;
	const char *base;

	if (!f->has_dynamic || strcmp(f->kind, "shared") != 0)
		return;
	if (nobjs == capobjs) {
		capobjs = capobjs ? 2 * capobjs : 16;
		if ((objs = realloc(objs, capobjs * sizeof(*objs))) == NULL)
			err(2, "realloc");
	}
	o = &objs[nobjs++];
	base = strrchr(path, '/');
	o->path = xstrdup_(path);
	o->soname = xstrdup_(f->soname != NULL ? f->soname :
	    base != NULL ? base + 1 : path);
	o->needed = xstrdup_(f->needed);
	o->noopen = f->noopen;
}

/* Whether the line-separated list names holds name. */
static int
names(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	if (n == 0)
		return 0;
	for (p = list; (p = strstr(p, name)) != NULL; p += n)
		if ((p == list || p[-1] == '\n') &&
		    (p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

void
deps_report(void)
{
	size_t i, j;

	for (i = 0; i < nobjs; i++)
		for (j = 0; j < nobjs; j++)
			if (j != i && objs[j].noopen &&
			    names(objs[i].needed, objs[j].soname))
				warnx("%s needs %s, which refuses dlopen "
				    "(DF_1_NOOPEN: nodlopen): dlopen refuses "
				    "%s too, so it cannot be a plugin",
				    objs[i].path, objs[j].path, objs[i].path);
	for (i = 0; i < nobjs; i++) {
		free(objs[i].path);
		free(objs[i].soname);
		free(objs[i].needed);
	}
	free(objs);
	objs = NULL;
	nobjs = capobjs = 0;
}
