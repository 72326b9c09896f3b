/*
 * frontends.c - harden's frontends as one table, and building a variant
 * through one.
 *
 * A frontend is data: the files that select it, how its options spell the
 * level and a feature on or off, where its build writes harden-report.txt,
 * and the commands of a build (configure, then build).  Every frontend
 * writes the report of the driver (catalog/README.md, "The report") into
 * the build directory: Autoconf's HARDEN_CHECK and CMake at the top of it,
 * the Meson subproject in its own build directory (subprojects/harden*,
 * whatever the wrap's directory), and with --make harden-cost runs
 * harden-flags --report itself.
 *
 * Every command gets LDFLAGS that put harden-cost's linker wrapper in
 * front of the linker (layout.c; configure, CMake and Meson take it from
 * the environment, --make passes it to make).  A variant is configured and
 * built once, in its first layout's directory; then, for each further
 * layout, that directory is copied (the copy keeps the order it was
 * linked in), and the files the build links are removed from it and
 * linked anew, by the build run again with the next seed.  K layouts cost
 * one build, K - 1 copies and K - 1 links.
 */
#define _XOPEN_SOURCE	700
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"
#include "../lib/report.h"

const struct frontend frontends[] = {
	{
		.name = "meson",
		.files = { "meson.build" },
		.level_option = "-Dharden:hardening=",
		.feature_option = { { "-Dharden:", "=disabled" }, { "-Dharden:", "=enabled" } },
		.name_case = NAME_UNDERSCORE,
		.report_under = "subprojects",
		.steps = {
			{ { "meson", "setup", "--buildtype=debugoptimized", "@CONFIG_ARGS@",
			    "@VARIANT@", "@BUILD@", "@SRCDIR@" }, STEP_CONFIGURE },
			{ { "meson", "compile", "-C", "@BUILD@", "-j", "@JOBS@" }, 0 },
		},
	},
	{
		.name = "cmake",
		.files = { "CMakeLists.txt" },
		.level_option = "-DHARDENING=",
		.feature_option = { { "-DHARDENING_", "=OFF" }, { "-DHARDENING_", "=ON" } },
		.name_case = NAME_UPPER,
		.steps = {
			{ { "cmake", "-S", "@SRCDIR@", "-B", "@BUILD@",
			    "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "@CONFIG_ARGS@", "@VARIANT@" },
			    STEP_CONFIGURE },
			{ { "cmake", "--build", "@BUILD@", "-j", "@JOBS@" }, 0 },
		},
	},
	{
		.name = "autoconf",
		.files = { "configure", "configure.ac" },
		.needs_file = "configure",
		.needs_hint = "run autoreconf -fi there first",
		.level_option = "--enable-hardening=",
		.feature_option = { { "--disable-", "" }, { "--enable-", "" } },
		.name_case = NAME_AS_IS,
		.steps = {
			{ { "@SRCDIR@/configure", "@CONFIG_ARGS@", "@VARIANT@" },
			    STEP_CONFIGURE | STEP_IN_BUILD },
			{ { "make", "-j@JOBS@", "@MAKE_ARGS@" }, STEP_IN_BUILD },
		},
	},
	{
		.name = "make",
		.files = { "Makefile" },
		.needs_driver = 1,
		.level_option = "--level=",
		.feature_option = { { "--no-", "" }, { "--enable-", "" } },
		.name_case = NAME_AS_IS,
		.steps = {
			{ { "cp", "-RP", "@SRCDIR@/.", "@BUILD@" }, STEP_CONFIGURE },
			/* the driver's report (stdout) to a file, its messages to the log */
			{ { "sh", "-c", "out=$1; shift; exec \"$@\" >\"$out\"", "sh",
			    "@BUILD@/harden-report.txt", "@DRIVER@", "@CATALOG@", "@CONFIG_ARGS@",
			    "@VARIANT@", "--report" }, STEP_REPORT },
			{ { "make", "-C", "@BUILD@", "-j@JOBS@", "CPPFLAGS=@CPPFLAGS@",
			    "CFLAGS=@CFLAGS@", "LDFLAGS=@LDFLAGS@", "@MAKE_ARGS@" }, 0 },
		},
	},
};

const int nfrontends = (int)(sizeof frontends / sizeof frontends[0]);

/* A build of one variant. */
struct build {
	struct cost *c;
	struct variant *v;
	const struct frontend *f;
	char	dir[PATH_MAX];		/* the build directory (first layout) */
	char	layout_flags[PATH_MAX + 8];	/* -B of the linker wrapper */
	char	links[PATH_MAX];	/* what the wrapper linked, one a line */
	unsigned long seed;		/* of the layout being linked */
	int	relink;			/* only the build commands, again */
	int	reuse;			/* only rebuild: the directory has a report */
	char	jobs[16];
	struct report rep;		/* of STEP_REPORT */
	char	cflags[4 * 1024 + 512];	/* --cflags and the report's, for make */
	char	ldflags[4 * 1024];
};

const struct frontend *
frontend_detect(const char *srcdir)
{
	char path[PATH_MAX];

	for (int i = 0; i < nfrontends; i++)
		for (int j = 0; j < 2 && frontends[i].files[j] != NULL; j++) {
			fmt(path, sizeof path, "%s/%s", srcdir, frontends[i].files[j]);
			if (file_exists(path))
				return &frontends[i];
		}
	return NULL;
}

/* ---- reports ---- */

/* The value of feature in an enabled= list ("f=v f2=v2"), or "". */
void
enabled_value(const char *enabled, const char *feature, char *out, size_t len)
{
	size_t n = strlen(feature);
	const char *p = enabled;

	*out = '\0';
	while ((p = strstr(p, feature)) != NULL) {
		if ((p == enabled || p[-1] == ' ') && p[n] == '=') {
			fmt(out, len, "%.*s", (int)strcspn(p + n + 1, " "), p + n + 1);
			return;
		}
		p += n;
	}
}

/*
 * Reads a harden-report.txt (tools/lib/report.c): its first five lists,
 * enabled= and the features' rows.  0 ok, -1 unreadable or no report.
 */
int
read_report_file(const char *path, struct report *r)
{
	struct driver_report *rep = malloc(sizeof *rep);
	int rc;

	memset(r, 0, sizeof *r);
	if (rep == NULL)
		return -1;
	if ((rc = driver_report_read(path, rep)) == 0) {
		for (int i = 0; i < 5; i++)
			copy_str(r->flags[i], sizeof r->flags[i], rep->lists[i]);
		copy_str(r->enabled, sizeof r->enabled, rep->enabled);
		for (int i = 0; i < rep->nrows && r->nrows < MAX_FEATURES; i++) {
			struct feature *ft = &r->rows[r->nrows++];
			copy_str(ft->name, sizeof ft->name, rep->rows[i].name);
			copy_str(ft->state, sizeof ft->state, rep->rows[i].state);
			copy_str(ft->value, sizeof ft->value, rep->rows[i].value);
			copy_str(ft->reason, sizeof ft->reason, rep->rows[i].reason);
		}
	}
	free(rep);
	return rc == 0 ? 0 : -1;
}

/* The report in a build directory, where its frontend writes it. */
static int
read_variant_report(const struct frontend *fe, const char *dir, struct report *r)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;
	int rc = -1;

	if (fe->report_under == NULL) {
		fmt(path, sizeof path, "%s/harden-report.txt", dir);
		return read_report_file(path, r);
	}
	fmt(path, sizeof path, "%s/%s", dir, fe->report_under);
	if ((d = opendir(path)) == NULL)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "harden", 6))
			continue;
		fmt(path, sizeof path, "%s/%s/%s/harden-report.txt", dir,
		    fe->report_under, e->d_name);
		rc = read_report_file(path, r);
	}
	closedir(d);
	return rc;
}

/* ---- the commands of a build ---- */

/* feature as its frontend's options name it. */
static void
option_name(char *dst, size_t len, const char *feature, enum name_case nc)
{
	size_t i;

	for (i = 0; feature[i] != '\0' && i + 1 < len; i++)
		dst[i] = nc != NAME_AS_IS && feature[i] == '-' ? '_' :
		    nc == NAME_UPPER ? (char)toupper((unsigned char)feature[i]) : feature[i];
	dst[i] = '\0';
}

/* The frontend's options that select variant v: the level, then the
 * features turned off (VAR_WITHOUT) or on (VAR_SINGLE). */
static void
variant_options(const struct build *b, struct args *a)
{
	const struct variant *v = b->v;
	const char *level = v->kind == VAR_NONE || v->kind == VAR_SINGLE ||
	    (v->kind == VAR_CONTROL && b->c->variants[0].kind == VAR_NONE) ?
	    "none" : b->c->o->level;
	const char *feats[2] = { v->needed, v->feature };
	int on = v->kind == VAR_SINGLE;
	char name[NAME_LEN];

	args_add(a, "%s%s", b->f->level_option, level);
	if (v->kind != VAR_SINGLE && v->kind != VAR_WITHOUT)
		return;
	for (int i = 0; i < 2; i++) {
		if (*feats[i] == '\0')
			continue;
		option_name(name, sizeof name, feats[i], b->f->name_case);
		args_add(a, "%s%s%s", b->f->feature_option[on][0], name,
		    b->f->feature_option[on][1]);
	}
}

/* The value of @NAME@ (len bytes at name); NULL if there is no such. */
static const char *
variable(const struct build *b, const char *name, size_t len)
{
	const char *const vars[][2] = {
		{ "BUILD", b->dir }, { "SRCDIR", b->c->o->srcdir },
		{ "JOBS", b->jobs }, { "DRIVER", b->c->driver },
		{ "CPPFLAGS", b->rep.flags[0] }, { "CFLAGS", b->cflags },
		{ "LDFLAGS", b->ldflags },
	};

	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		if (strlen(vars[i][0]) == len && !strncmp(vars[i][0], name, len))
			return vars[i][1];
	return NULL;
}

/* Appends word to a with its @NAME@ replaced; the lists in their place. */
static void
expand(const struct build *b, const char *word, struct args *a)
{
	const struct opts *o = b->c->o;
	char buf[8192];
	size_t n = 0, len;
	const char *val;

	if (!strcmp(word, "@VARIANT@"))
		variant_options(b, a);
	else if (!strcmp(word, "@CATALOG@")) {
		/* the catalog harden-cost listed the features from */
		if (*b->c->catalog_dir != '\0')
			args_add(a, "--catalog=%s", b->c->catalog_dir);
	}
	else if (!strcmp(word, "@CONFIG_ARGS@") || !strcmp(word, "@MAKE_ARGS@")) {
		int make = word[1] == 'M';
		for (int i = 0; i < (make ? o->nmake_args : o->nconfig_args); i++)
			args_add(a, "%s", make ? o->make_args[i] : o->config_args[i]);
	} else {
		for (; *word != '\0' && n + 1 < sizeof buf; word++) {
			len = strspn(word + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
			if (*word == '@' && word[len + 1] == '@' &&
			    (val = variable(b, word + 1, len)) != NULL) {
				n += (size_t)fmt(buf + n, sizeof buf - n, "%s", val);
				word += len + 1;
			} else
				buf[n++] = *word;
		}
		buf[n < sizeof buf ? n : sizeof buf - 1] = '\0';
		args_add(a, "%s", buf);
	}
}

/* Runs a command of the build, logged.  0 ok. */
static int
command(struct build *b, struct args *a, const char *cwd, char *const env[])
{
	struct variant *v = b->v;
	struct proc_result r;
	FILE *f;

	if ((f = fopen(v->log, "a")) != NULL) {
		fputs("$", f);
		for (int i = 0; i < a->n; i++)
			fprintf(f, " %s", a->v[i]);
		fputs("\n", f);
		fclose(f);
	}
	if (proc_run(a->v, cwd, env, v->log, 1, 0, &r) < 0) {
		b->c->interrupted = 1;
		return -1;
	}
	if (r.status != 0) {
		fmt(v->failure, sizeof v->failure, "build failed: %s exited with %d",
		    a->v[0], r.status);
		return -1;
	}
	return 0;
}

static void
join_flags(char *out, size_t len, const char *a, const char *b, const char *c)
{
	fmt(out, len, "%s%s%s%s%s", a, *a && (*b || *c) ? " " : "", b,
	    *b && *c ? " " : "", c);
}

/* After STEP_REPORT: the flags of its report, for the commands after it. */
static int
take_step_report(struct build *b)
{
	char path[PATH_MAX];

	fmt(path, sizeof path, "%s/harden-report.txt", b->dir);
	if (read_report_file(path, &b->rep) != 0) {
		fmt(b->v->failure, sizeof b->v->failure, "no report from %s", b->c->driver);
		return -1;
	}
	join_flags(b->cflags, sizeof b->cflags, b->c->o->base_cflags,
	    b->rep.flags[1], b->rep.flags[2]);
	join_flags(b->ldflags, sizeof b->ldflags, b->rep.flags[3], b->rep.flags[4],
	    b->layout_flags);
	return 0;
}

static int
run_step(struct build *b, const struct step *st)
{
	struct args a = { {0}, 0 };
	const char *ldflags = getenv("LDFLAGS");
	char *env[5] = { NULL, NULL, NULL, NULL, NULL };
	int rc;

	if ((st->flags & STEP_CONFIGURE) && b->reuse)
		return 0;
	if ((st->flags & (STEP_CONFIGURE | STEP_REPORT)) && b->relink)
		return 0;
	for (int i = 0; st->argv[i] != NULL; i++)
		expand(b, st->argv[i], &a);
	/* the builder's LDFLAGS, then the wrapper; the layout in the build */
	env[0] = xprintf("LDFLAGS=%s%s%s", ldflags ? ldflags : "",
	    ldflags && *ldflags ? " " : "", b->layout_flags);
	if (st->flags & STEP_REPORT)
		env[1] = xprintf("CFLAGS=%s", b->c->o->base_cflags);
	else if (!(st->flags & STEP_CONFIGURE)) {
		env[1] = xprintf("HARDEN_COST_LAYOUT_SEED=%lu", b->seed);
		env[2] = xprintf("HARDEN_COST_LINKS=%s", b->links);
	}
	/* every step: a build may run configure again */
	if (b->v->kind == VAR_LIFTED)
		env[env[1] == NULL ? 1 : env[2] == NULL ? 2 : 3] = xprintf("HARDEN_LIFT_EXCEPTIONS=%s",
		    *b->v->feature ? b->v->feature : "yes");
	rc = command(b, &a, st->flags & STEP_IN_BUILD ? b->dir : NULL, env);
	for (int i = 0; env[i] != NULL; i++)
		free(env[i]);
	args_clear(&a);
	if (rc == 0 && (st->flags & STEP_REPORT))
		rc = take_step_report(b);
	return rc;
}

/* The build directory (emptied unless reused) and the link to it under
 * the variant's name, for people. */
static int
prepare_dir(struct build *b)
{
	struct variant *v = b->v;

	if (!b->reuse)
		remove_tree(b->dir);
	if (make_dirs(b->dir) != 0) {
		fmt(v->failure, sizeof v->failure, "cannot create %s", b->dir);
		return -1;
	}
	remove(v->link);
	if (symlink(strrchr(b->dir, '/') + 1, v->link) != 0) {
		fmt(v->failure, sizeof v->failure, "cannot create %s", v->link);
		return -1;
	}
	return 0;
}

/* The report of the finished build; the first build's tells what is on. */
static int
take_report(struct build *b)
{
	struct cost *c = b->c;
	struct variant *v = b->v;

	if (read_variant_report(b->f, b->dir, &b->rep) != 0) {
		fmt(v->failure, sizeof v->failure,
		    "build failed: no harden report in %s (does the project use harden?)", b->dir);
		return -1;
	}
	copy_str(v->enabled, sizeof v->enabled, b->rep.enabled);
	if (v == &c->variants[0]) {
		c->nfeatures = b->rep.nrows;
		memcpy(c->features, b->rep.rows, sizeof b->rep.rows);
	}
	return 0;
}

/* Removes the files the last build linked in b->dir (the wrapper's
 * list), so that the build links them again. */
static void
remove_links(const struct build *b)
{
	FILE *f = fopen(b->links, "r");
	char line[PATH_MAX];
	size_t n = strlen(b->dir);

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		trim_newline(line);
		if (!strncmp(line, b->dir, n) && line[n] == '/')
			remove(line);
	}
	fclose(f);
}

/* The build commands again, linking what the last build linked with the
 * seed of layout l.  0 ok. */
static int
link_again(struct build *b, int layout)
{
	int rc = 0;

	remove_links(b);
	remove(b->links);
	b->seed = layout_seed(b->c, b->v, layout);
	b->relink = 1;
	for (int i = 0; rc == 0 && i < 3 && b->f->steps[i].argv[0] != NULL; i++)
		rc = run_step(b, &b->f->steps[i]);
	return rc;
}

/* A copy of the build directory as layout l (from 1), which keeps the
 * order of the last link; then the build directory linked in the next
 * order.  0 ok. */
static int
copy_layout(struct build *b, int layout)
{
	struct args a = { {0}, 0 };
	char dst[PATH_MAX];
	int rc;

	layout_dir(b->v, layout, dst, sizeof dst);
	remove_tree(dst);
	args_add(&a, "cp");
	args_add(&a, "-RP");
	args_add(&a, "%s", b->dir);
	args_add(&a, "%s", dst);
	rc = command(b, &a, NULL, NULL);
	args_clear(&a);
	return rc == 0 ? link_again(b, layout) : rc;
}

/* The first layout: configured, built, its report read.  0 ok. */
static int
build_first(struct build *b)
{
	struct cost *c = b->c;
	int rc;

	layout_dir(b->v, 0, b->dir, sizeof b->dir);
	layout_ldflags(c, b->layout_flags, sizeof b->layout_flags);
	fmt(b->links, sizeof b->links, "%s/layouts/%s.links", c->workdir,
	    strrchr(b->dir, '/') + 1);
	b->seed = layout_seed(c, b->v, 0);
	/* --reuse: a directory this variant configured before is only rebuilt,
	 * and what it linked linked again, in this run's layout */
	b->reuse = c->o->reuse && read_variant_report(b->f, b->dir, &b->rep) == 0;
	if (b->reuse)
		remove_links(b);
	remove(b->links);
	rc = prepare_dir(b);
	for (int i = 0; rc == 0 && i < 3 && b->f->steps[i].argv[0] != NULL; i++)
		rc = run_step(b, &b->f->steps[i]);
	if (rc == 0)
		rc = take_report(b);
	return rc;
}

/* Builds variant v in each of its layouts.  0 ok. */
int
build_variant(struct cost *c, struct variant *v)
{
	struct build *b = xmalloc(sizeof *b);
	double start = now_seconds();
	int rc;

	memset(b, 0, sizeof *b);
	b->c = c;
	b->v = v;
	b->f = c->o->frontend;
	fmt(b->jobs, sizeof b->jobs, "%d", c->o->jobs);
	if (!c->o->reuse)
		remove(v->log);
	rc = build_first(b);
	for (int l = 1; rc == 0 && l < c->o->layouts; l++)
		rc = copy_layout(b, l);
	v->build_seconds = now_seconds() - start;
	if (rc != 0 && !c->interrupted) {
		v->status = ST_BUILD_FAILED;
		if (!*v->failure)
			fmt(v->failure, sizeof v->failure, "build failed");
	}
	free(b);
	return rc;
}
