/*
 * catalog.c - the catalog's features (catalog/features.txt: the names,
 * and the needs= of their requirements) and the driver of --make.
 *
 * The catalog is --catalog, else $HARDEN_CATALOG, else the Meson wrap's
 * SRCDIR/subprojects/harden/catalog/features.txt, else
 * ../catalog/features.txt next to this program.  Without one the first
 * build's report names the features.  The driver is --harden-flags, else
 * harden-flags next to the catalog, else the one in PATH.
 */
#define _XOPEN_SOURCE	700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

/* The catalog's features.txt, or NULL. */
static const char *
find_catalog(const struct opts *o, char *buf, size_t len)
{
	const char *env = getenv("HARDEN_CATALOG"), *slash;

	if (o->catalog != NULL)
		return o->catalog;
	if (env != NULL && *env != '\0')
		return env;
	fmt(buf, len, "%s/subprojects/harden/catalog/features.txt", o->srcdir);
	if (file_exists(buf))
		return buf;
	/* tools/harden-cost in the source tree, or a build directory in it */
	if ((slash = strrchr(o->self, '/')) == NULL)
		return NULL;
	fmt(buf, len, "%.*s/../catalog/features.txt", (int)(slash - o->self), o->self);
	return file_exists(buf) ? buf : NULL;
}

/* Reads the "feature NAME LEVEL REQUIRES ..." rows.  0 ok, -1 unreadable. */
static int
load_catalog(struct cost *c, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], name[NAME_LEN], level[32], requires[256], *p;

	if (f == NULL)
		return -1;
	c->ncatalog = 0;
	while (fgets(line, sizeof line, f) != NULL && c->ncatalog < MAX_FEATURES) {
		struct catalog_feature *cf = &c->catalog[c->ncatalog];
		if (sscanf(line, "feature %63s %31s %255s", name, level, requires) != 3)
			continue;
		copy_str(cf->name, NAME_LEN, name);
		cf->needs[0] = '\0';
		if ((p = strstr(requires, "needs=")) != NULL) {
			p += 6;
			fmt(cf->needs, NAME_LEN, "%.*s", (int)strcspn(p, ","), p);
		}
		c->ncatalog++;
	}
	fclose(f);
	return c->ncatalog > 0 ? 0 : -1;
}

/* --make: the driver, next to the catalog or in PATH. */
static void
find_driver(struct cost *c, const char *catalog)
{
	const char *slash;
	char path[PATH_MAX];

	if (c->o->flags_driver != NULL) {
		copy_str(c->driver, sizeof c->driver, c->o->flags_driver);
		return;
	}
	if (catalog != NULL) {
		slash = strrchr(catalog, '/');
		fmt(path, sizeof path, "%.*s/harden-flags", slash ? (int)(slash - catalog) : 1,
		    slash ? catalog : ".");
		if (access(path, X_OK) == 0 || file_exists(path)) {
			copy_str(c->driver, sizeof c->driver, path);
			return;
		}
	}
	if (find_in_path("harden-flags", path, sizeof path) != NULL)
		copy_str(c->driver, sizeof c->driver, path);
}

/* The catalog's features, --features checked against them, and the
 * driver of --make. */
void
catalog_setup(struct cost *c)
{
	const struct opts *o = c->o;
	const char *catalog;
	char buf[PATH_MAX];

	catalog = find_catalog(o, buf, sizeof buf);
	if (catalog != NULL && load_catalog(c, catalog) != 0 && o->catalog != NULL)
		usage("cannot read the catalog %s", o->catalog);
	if (unknown_features(c))
		usage(NULL);
	if (!o->frontend->needs_driver)
		return;
	find_driver(c, catalog);
	if (*c->driver == '\0')
		usage("--%s needs harden-flags (catalog/harden-flags): give --harden-flags PATH",
		    o->frontend->name);
}

static int
known_feature(const struct cost *c, const char *name)
{
	for (int i = 0; i < c->ncatalog; i++)
		if (!strcmp(c->catalog[i].name, name))
			return 1;
	return 0;
}

/* 1, after naming the valid features, when a name of --features is
 * unknown: a usage error. */
int
unknown_features(const struct cost *c)
{
	char *copy, *tok, *save = NULL;
	int unknown = 0;

	if (c->o->only == NULL || c->ncatalog == 0)
		return 0;
	copy = xprintf("%s", c->o->only);
	for (tok = strtok_r(copy, ",", &save); tok && !unknown; tok = strtok_r(NULL, ",", &save)) {
		if (known_feature(c, tok))
			continue;
		fprintf(stderr, "harden-cost: unknown feature '%s' in --features; valid names:\n", tok);
		for (int i = 0; i < c->ncatalog; i++)
			fprintf(stderr, "  %s\n", c->catalog[i].name);
		unknown = 1;
	}
	free(copy);
	return unknown;
}

/* name is in --features, or there is no --features. */
int
wanted_feature(const struct cost *c, const char *name)
{
	const char *only = c->o->only, *p;
	size_t n = strlen(name);

	if (only == NULL)
		return 1;
	for (p = only; (p = strstr(p, name)) != NULL; p += n)
		if ((p == only || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* The feature that feature name needs (bind-now: relro), or "". */
const char *
catalog_needs(const struct cost *c, const char *name)
{
	for (int i = 0; i < c->ncatalog; i++)
		if (!strcmp(c->catalog[i].name, name))
			return c->catalog[i].needs;
	return "";
}
