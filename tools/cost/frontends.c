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
 */
#define _XOPEN_SOURCE	700
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

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
	int	reuse;			/* only rebuild: the directory has a report */
	char	jobs[16];
	struct report rep;		/* of STEP_REPORT */
	char	cflags[4 * 1024 + 512];	/* --cflags and the report's, for make */
	char	ldflags[4 * 1024];
};

static const char *const flag_keys[5] = {
	"cppflags", "cflags", "exe_cflags", "ldflags", "exe_ldflags"
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

/* One line of a report: KEY=VALUE, or "feature NAME STATE VALUE REASON". */
static void
report_line(char *line, struct report *r)
{
	char name[NAME_LEN], state[16], value[NAME_LEN];
	int off = 0;

	trim_newline(line);
	for (int i = 0; i < 5; i++) {
		size_t n = strlen(flag_keys[i]);
		if (!strncmp(line, flag_keys[i], n) && line[n] == '=')
			copy_str(r->flags[i], sizeof r->flags[i], line + n + 1);
	}
	if (!strncmp(line, "enabled=", 8))
		copy_str(r->enabled, sizeof r->enabled, line + 8);
	if (r->nrows < MAX_FEATURES && sscanf(line, "feature %63s %15s %63s %n",
	    name, state, value, &off) == 3 && off > 0) {
		struct feature *ft = &r->rows[r->nrows++];
		copy_str(ft->name, sizeof ft->name, name);
		copy_str(ft->state, sizeof ft->state, state);
		copy_str(ft->value, sizeof ft->value, strcmp(value, "-") ? value : "");
		copy_str(ft->reason, sizeof ft->reason, strcmp(line + off, "-") ? line + off : "");
	}
}

/* Reads a harden-report.txt.  0 ok, -1 unreadable or without features. */
int
read_report_file(const char *path, struct report *r)
{
	FILE *f = fopen(path, "r");
	char line[4096];

	memset(r, 0, sizeof *r);
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		report_line(line, r);
	fclose(f);
	return r->nrows > 0 ? 0 : -1;
}

/* The report in a variant's build directory, where its frontend writes it. */
static int
read_variant_report(const struct frontend *fe, const struct variant *v, struct report *r)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;
	int rc = -1;

	if (fe->report_under == NULL) {
		fmt(path, sizeof path, "%s/harden-report.txt", v->dir);
		return read_report_file(path, r);
	}
	fmt(path, sizeof path, "%s/%s", v->dir, fe->report_under);
	if ((d = opendir(path)) == NULL)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "harden", 6))
			continue;
		fmt(path, sizeof path, "%s/%s/%s/harden-report.txt", v->dir,
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
	const char *level = v->kind == VAR_NONE || v->kind == VAR_SINGLE ?
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
		{ "BUILD", b->v->dir }, { "SRCDIR", b->c->o->srcdir },
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

	fmt(path, sizeof path, "%s/harden-report.txt", b->v->dir);
	if (read_report_file(path, &b->rep) != 0) {
		fmt(b->v->failure, sizeof b->v->failure, "no report from %s", b->c->driver);
		return -1;
	}
	join_flags(b->cflags, sizeof b->cflags, b->c->o->base_cflags,
	    b->rep.flags[1], b->rep.flags[2]);
	join_flags(b->ldflags, sizeof b->ldflags, b->rep.flags[3], b->rep.flags[4], "");
	return 0;
}

static int
run_step(struct build *b, const struct step *st)
{
	struct args a = { {0}, 0 };
	char *env[2] = { NULL, NULL };
	int rc;

	if ((st->flags & STEP_CONFIGURE) && b->reuse)
		return 0;
	for (int i = 0; st->argv[i] != NULL; i++)
		expand(b, st->argv[i], &a);
	if (st->flags & STEP_REPORT)
		env[0] = xprintf("CFLAGS=%s", b->c->o->base_cflags);
	rc = command(b, &a, st->flags & STEP_IN_BUILD ? b->v->dir : NULL, env);
	free(env[0]);
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

	if (!b->reuse) {
		remove_tree(v->dir);
		remove(v->log);
	}
	if (make_dirs(v->dir) != 0) {
		fmt(v->failure, sizeof v->failure, "cannot create %s", v->dir);
		return -1;
	}
	remove(v->link);
	if (symlink(strrchr(v->dir, '/') + 1, v->link) != 0) {
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

	if (read_variant_report(b->f, v, &b->rep) != 0) {
		fmt(v->failure, sizeof v->failure,
		    "build failed: no harden report in %s (does the project use harden?)", v->dir);
		return -1;
	}
	copy_str(v->enabled, sizeof v->enabled, b->rep.enabled);
	if (v == &c->variants[0]) {
		c->nfeatures = b->rep.nrows;
		memcpy(c->features, b->rep.rows, sizeof b->rep.rows);
	}
	return 0;
}

/* Builds variant v into v->dir and reads its report.  0 ok. */
int
build_variant(struct cost *c, struct variant *v)
{
	struct build *b = xmalloc(sizeof *b);
	double start = now_seconds();
	int rc;

	b->c = c;
	b->v = v;
	b->f = c->o->frontend;
	fmt(b->jobs, sizeof b->jobs, "%d", c->o->jobs);
	/* --reuse: a directory this variant configured before is only rebuilt */
	b->reuse = c->o->reuse && read_variant_report(b->f, v, &b->rep) == 0;
	rc = prepare_dir(b);
	for (int i = 0; rc == 0 && i < 3 && b->f->steps[i].argv[0] != NULL; i++)
		rc = run_step(b, &b->f->steps[i]);
	if (rc == 0)
		rc = take_report(b);
	v->build_seconds = now_seconds() - start;
	if (rc != 0 && !c->interrupted) {
		v->status = ST_BUILD_FAILED;
		if (!*v->failure)
			fmt(v->failure, sizeof v->failure, "build failed");
	}
	free(b);
	return rc;
}
