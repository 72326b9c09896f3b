/*
 * catalog.c - the catalog's features and the driver harden-cost uses.
 *
 * The driver is harden-flags: --harden-flags, else the one in the catalog
 * directory, else the one in PATH.  The catalog directory is --catalog (a
 * directory, or its features.txt), else $HARDEN_CATALOG (a directory, as
 * for harden-flags, which the builds run with the same environment), else
 * the Meson wrap's SRCDIR/subprojects/harden/catalog, else ../catalog next
 * to this program.  Every harden-flags harden-cost runs gets that
 * directory as --catalog=DIR.  The features (names, and the needs= of
 * their requirements) are what `harden-flags --list=tsv` prints: no parser
 * of the catalog here.  Without a driver, or when it lists nothing, the
 * first build's report names the features.
 */
#define _XOPEN_SOURCE	700
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

/* The directory of a catalog given as a directory or as its features.txt. */
static void
catalog_dir_of(const char *given, char *buf, size_t len)
{
	struct stat st;
	const char *slash = strrchr(given, '/');

	if (stat(given, &st) == 0 && S_ISDIR(st.st_mode))
		copy_str(buf, len, given);
	else if (slash == NULL)
		copy_str(buf, len, ".");
	else
		fmt(buf, len, "%.*s", slash == given ? 1 : (int)(slash - given), given);
}

/* The catalog directory, or "" when none is found. */
static void
find_catalog(const struct opts *o, char *buf, size_t len)
{
	const char *env = getenv("HARDEN_CATALOG"), *slash;
	char path[PATH_MAX];

	*buf = '\0';
	if (o->catalog != NULL) {
		catalog_dir_of(o->catalog, buf, len);
		return;
	}
	if (env != NULL && *env != '\0') {
		/* one meaning with harden-flags: a directory, never a file */
		fmt(path, sizeof path, "%s/features.txt", env);
		if (!file_exists(path))
			usage("HARDEN_CATALOG=%s is not a catalog directory (it has no "
			    "features.txt); it names the directory, as for harden-flags", env);
		copy_str(buf, len, env);
		return;
	}
	fmt(path, sizeof path, "%s/subprojects/harden/catalog/features.txt", o->srcdir);
	if (file_exists(path)) {
		fmt(buf, len, "%s/subprojects/harden/catalog", o->srcdir);
		return;
	}
	/* tools/harden-cost in the source tree, or a build directory in it */
	if ((slash = strrchr(o->self, '/')) == NULL)
		return;
	fmt(path, sizeof path, "%.*s/../catalog/features.txt", (int)(slash - o->self), o->self);
	if (file_exists(path))
		fmt(buf, len, "%.*s/../catalog", (int)(slash - o->self), o->self);
}

static void
find_driver(struct cost *c, const char *catdir)
{
	char path[PATH_MAX];

	if (c->o->flags_driver != NULL) {
		copy_str(c->driver, sizeof c->driver, c->o->flags_driver);
		return;
	}
	if (*catdir != '\0') {
		fmt(path, sizeof path, "%s/harden-flags", catdir);
		if (access(path, X_OK) == 0 || file_exists(path)) {
			copy_str(c->driver, sizeof c->driver, path);
			return;
		}
	}
	if (find_in_path("harden-flags", path, sizeof path) != NULL)
		copy_str(c->driver, sizeof c->driver, path);
}

/* One line of --list=tsv: NAME LEVEL REQUIRES VALUES AUDIT SUMMARY. */
static void
catalog_line(char *line, void *arg)
{
	struct cost *c = arg;
	struct catalog_feature *cf;
	char *name, *requires, *p, *save = NULL;

	if (c->ncatalog == MAX_FEATURES || (name = strtok_r(line, "\t\n", &save)) == NULL ||
	    strtok_r(NULL, "\t\n", &save) == NULL ||
	    (requires = strtok_r(NULL, "\t\n", &save)) == NULL)
		return;
	cf = &c->catalog[c->ncatalog++];
	copy_str(cf->name, sizeof cf->name, name);
	*cf->needs = '\0';
	for (p = strtok_r(requires, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save))
		if (!strncmp(p, "needs=", 6))
			copy_str(cf->needs, sizeof cf->needs, p + 6);
}

/* The features of harden-flags --list=tsv.  0 ok. */
static int
list_features(struct cost *c, const char *catdir)
{
	char *argv[5] = { "sh", c->driver, "--list=tsv", NULL, NULL };
	char *catalog = NULL;
	int rc;

	if (*catdir != '\0')
		argv[3] = catalog = xprintf("--catalog=%s", catdir);
	c->ncatalog = 0;
	rc = proc_lines(argv, catalog_line, c);
	free(catalog);
	return rc == 0 && c->ncatalog > 0 ? 0 : -1;
}

/* The driver, the catalog's features, and --features checked against them. */
void
catalog_setup(struct cost *c)
{
	const struct opts *o = c->o;
	char catdir[PATH_MAX];

	find_catalog(o, catdir, sizeof catdir);
	if (*catdir == '\0' || realpath(catdir, c->catalog_dir) == NULL)
		copy_str(c->catalog_dir, sizeof c->catalog_dir, catdir);
	find_driver(c, catdir);
	if ((*c->driver == '\0' || list_features(c, catdir) != 0) && o->catalog != NULL)
		usage("cannot read the catalog %s", o->catalog);
	if (unknown_features(c))
		usage(NULL);
	if (o->frontend->needs_driver && *c->driver == '\0')
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

/* 1 when name is a word of the comma-separated list. */
static int
in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
		if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* 1, after naming the valid features, when a name of list (the option's)
 * is unknown. */
static int
unknown_in(const struct cost *c, const char *list, const char *option)
{
	char *copy, *tok, *save = NULL;
	int unknown = 0;

	if (list == NULL || c->ncatalog == 0)
		return 0;
	copy = xprintf("%s", list);
	for (tok = strtok_r(copy, ",", &save); tok && !unknown; tok = strtok_r(NULL, ",", &save)) {
		/* a name twice would be a second build of the same variant */
		if (save != NULL && in_list(save, tok)) {
			fprintf(stderr, "harden-cost: '%s' is in %s twice\n", tok, option);
			unknown = 1;
			continue;
		}
		if (known_feature(c, tok))
			continue;
		fprintf(stderr, "harden-cost: unknown feature '%s' in %s; valid names:\n", tok, option);
		for (int i = 0; i < c->ncatalog; i++)
			fprintf(stderr, "  %s\n", c->catalog[i].name);
		unknown = 1;
	}
	free(copy);
	return unknown;
}

/* 1 when a name of --features or --lift-exceptions is unknown (said): a
 * usage error. */
int
unknown_features(const struct cost *c)
{
	return unknown_in(c, c->o->only, "--features") ||
	    unknown_in(c, c->o->lift_only, "--lift-exceptions");
}

/* name is in --features, or there is no --features. */
int
wanted_feature(const struct cost *c, const char *name)
{
	return c->o->only == NULL || in_list(c->o->only, name);
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
