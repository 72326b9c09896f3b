/*
 * harden-cost - measure what each hardening feature costs on a workload.
 *
 * usage: harden-cost [--autoconf|--meson|--cmake|--make] SRCDIR --run CMD
 *            [options]
 *
 * Builds SRCDIR once per variant through its harden frontend (none, the
 * level, the level without each feature that is on, optionally none plus
 * each feature), runs CMD against every variant in interleaved rounds, and
 * reports for each feature the time (or a figure CMD prints) with a
 * bootstrap 95% interval, and the instructions executed (perf_event_open,
 * else callgrind).  Exit 0 when every variant was measured, 1 when one
 * failed or nothing could be measured, 2 on usage errors.  See
 * harden-cost(1).
 */
#define _XOPEN_SOURCE	700
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cost.h"

#ifndef HARDEN_VERSION
#define HARDEN_VERSION	"unknown"
#endif
#define USAGE \
	"usage: harden-cost [--autoconf|--meson|--cmake|--make] SRCDIR --run CMD [options]\n" \
	"       harden-cost --which-counter [--instructions auto|perf|callgrind]\n"

static void usage(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void
usage(const char *fmt, ...)
{
	va_list ap;

	if (fmt != NULL) {
		fputs("harden-cost: ", stderr);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	fputs(USAGE "Try 'harden-cost --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("harden-cost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_FAILED);
}

static void
help(void)
{
	printf(USAGE "\n"
	    "Build SRCDIR once per hardening variant through its harden frontend, run CMD\n"
	    "against each, and report what every feature costs in time and instructions.\n\n"
	    "Frontend (default: the first of meson.build, CMakeLists.txt, configure, Makefile):\n"
	    "  --autoconf --meson --cmake   configure with the frontend's own options\n"
	    "  --make                       copy SRCDIR and run make with the flags of\n"
	    "                               catalog/harden-flags\n"
	    "Variants:\n"
	    "  --level L              none, standard (default) or strict\n"
	    "  --features LIST        only these features' variants (comma-separated)\n"
	    "  --single               also none plus each single feature\n"
	    "  --configure-arg ARG    extra argument for configure / meson setup / cmake\n"
	    "  --make-arg ARG         --autoconf, --make: extra argument for make\n"
	    "  --cflags FLAGS         --make: the builder's CFLAGS (default -O2 -g)\n"
	    "  --jobs N               parallel build jobs (default 2)\n"
	    "Measures:\n"
	    "  --run CMD              shell command run per variant and round, with\n"
	    "                         HARDEN_COST_BUILDDIR, HARDEN_COST_VARIANT and\n"
	    "                         HARDEN_COST_WRAP (put it before the measured process)\n"
	    "  --rounds N|auto        rounds of time measurement (default 10; 0: none);\n"
	    "                         auto: 5 to --max-rounds until every interval is\n"
	    "                         resolved or narrower than --precision percent\n"
	    "  --max-rounds N         (default 30)    --precision P  (default 1)\n"
	    "  --figure TEXT          measure the number after TEXT in CMD's output\n"
	    "                         instead of the wall time\n"
	    "  --higher-is-better     the figure is a rate (requests per second)\n"
	    "  --cpu-time             measure the user+system time of the command and\n"
	    "                         its descendants instead of the wall time\n"
	    "  --instructions auto|perf|callgrind|none   (default auto)\n"
	    "  --timeout SECONDS      per run of CMD (default none)\n"
	    "  --seed N               for the shuffles and the bootstrap\n"
	    "Output:\n"
	    "  --json[=FILE]  --markdown[=FILE]  --svg FILE   (JSON/Markdown without\n"
	    "                         FILE replace the table on standard output)\n"
	    "  --workdir DIR  --keep  --quiet  --catalog FILE  --harden-flags PATH\n"
	    "  --reuse                rebuild (not configure) the build directories that\n"
	    "                         a run with --keep left in --workdir; implies --keep\n"
	    "  --which-counter        print the instruction counter that would be used\n\n"
	    "Exit status: 0 all measured, 1 a variant failed or nothing was measured,\n"
	    "2 usage error.\n");
	exit(EXIT_OK);
}

/* ---- small helpers ---- */

static void *
xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (p == NULL)
		die("out of memory");
	return p;
}

static char *
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

/* A NULL-terminated argument vector built one argument at a time. */
struct args {
	char	*v[256];
	int	n;
};

static void add(struct args *, const char *, ...) __attribute__((format(printf, 2, 3)));

static void
add(struct args *a, const char *fmt, ...)
{
	va_list ap;
	char buf[8192];

	if (a->n >= (int)(sizeof a->v / sizeof a->v[0]) - 1)
		die("too many arguments");
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	a->v[a->n++] = xprintf("%s", buf);
	a->v[a->n] = NULL;
}

static void
clear_args(struct args *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	a->n = 0;
	a->v[0] = NULL;
}

static void
copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void
trim_newline(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

/* Feature name with - as _ (Meson), or upper case with _ (CMake). */
static void
option_name(char *dst, size_t len, const char *feature, int upper)
{
	size_t i;

	for (i = 0; feature[i] != '\0' && i + 1 < len; i++)
		dst[i] = feature[i] == '-' ? '_' :
		    upper ? (char)toupper((unsigned char)feature[i]) : feature[i];
	dst[i] = '\0';
}

static int
has_blank(const char *s)
{
	return strpbrk(s, " \t\n") != NULL;
}

/* ---- catalog ---- */

static const char *
catalog_dir_of_self(const char *self, char *buf, size_t len)
{
	char tmp[PATH_MAX], *slash;

	copy_str(tmp, sizeof tmp, self);
	if ((slash = strrchr(tmp, '/')) == NULL)
		return NULL;
	*slash = '\0';
	/* tools/harden-cost in the source tree, or a build directory in it */
	fmt(buf, len, "%s/../catalog/features.txt", tmp);
	if (file_exists(buf))
		return buf;
	return NULL;
}

static const char *
find_catalog(struct cost *c, char *buf, size_t len)
{
	const char *env = getenv("HARDEN_CATALOG");

	if (c->catalog != NULL)
		return c->catalog;
	if (env != NULL && *env != '\0')
		return env;
	fmt(buf, len, "%s/subprojects/harden/catalog/features.txt", c->srcdir ? c->srcdir : ".");
	if (c->srcdir != NULL && file_exists(buf))
		return buf;
	return catalog_dir_of_self(c->self, buf, len);
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
		if (sscanf(line, "feature %63s %31s %255s", name, level, requires) != 3)
			continue;
		copy_str(c->catalog_names[c->ncatalog], NAME_LEN, name);
		c->catalog_needs[c->ncatalog][0] = '\0';
		if ((p = strstr(requires, "needs=")) != NULL) {
			p += 6;
			fmt(c->catalog_needs[c->ncatalog], NAME_LEN, "%.*s",
			    (int)strcspn(p, ","), p);
		}
		c->ncatalog++;
	}
	fclose(f);
	return c->ncatalog > 0 ? 0 : -1;
}

static int
known_feature(const struct cost *c, const char *name)
{
	int i;

	for (i = 0; i < c->ncatalog; i++)
		if (!strcmp(c->catalog_names[i], name))
			return 1;
	return 0;
}

/* Exits 2 naming the valid features when a name of --features is unknown. */
static void
check_features(const struct cost *c)
{
	char *copy, *tok, *save = NULL;
	int i;

	if (c->only == NULL || c->ncatalog == 0)
		return;
	copy = xprintf("%s", c->only);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (known_feature(c, tok))
			continue;
		fprintf(stderr, "harden-cost: unknown feature '%s' in --features; valid names:\n", tok);
		for (i = 0; i < c->ncatalog; i++)
			fprintf(stderr, "  %s\n", c->catalog_names[i]);
		usage(NULL);
	}
	free(copy);
}

static int
wanted_feature(const struct cost *c, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	if (c->only == NULL)
		return 1;
	for (p = c->only; (p = strstr(p, name)) != NULL; p += n)
		if ((p == c->only || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* ---- reports ---- */

struct report {
	char	flags[5][2048];	/* cppflags cflags exe_cflags ldflags exe_ldflags */
	char	enabled[1024];
	struct feature rows[MAX_FEATURES];
	int	nrows;
};

static const char *const flag_keys[5] = { "cppflags", "cflags", "exe_cflags", "ldflags", "exe_ldflags" };

/* The value of feature in an enabled= list ("f=v f2=v2"), or "". */
static void
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

/* The harden-report.txt format of the Meson and CMake frontends and of
 * harden-flags --report. */
static int
read_report_file(const char *path, struct report *r)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int i;

	memset(r, 0, sizeof *r);
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		char name[NAME_LEN], state[16], value[NAME_LEN];
		int off = 0;

		trim_newline(line);
		for (i = 0; i < 5; i++) {
			size_t n = strlen(flag_keys[i]);
			if (!strncmp(line, flag_keys[i], n) && line[n] == '=')
				copy_str(r->flags[i], sizeof r->flags[i], line + n + 1);
		}
		if (!strncmp(line, "enabled=", 8))
			copy_str(r->enabled, sizeof r->enabled, line + 8);
		if (r->nrows < MAX_FEATURES && sscanf(line,
		    "feature %63s %15s %63s %n", name, state, value, &off) == 3 && off > 0) {
			struct feature *ft = &r->rows[r->nrows++];
			copy_str(ft->name, sizeof ft->name, name);
			copy_str(ft->state, sizeof ft->state, state);
			copy_str(ft->value, sizeof ft->value, strcmp(value, "-") ? value : "");
			copy_str(ft->reason, sizeof ft->reason, strcmp(line + off, "-") ? line + off : "");
		}
	}
	fclose(f);
	return r->nrows > 0 ? 0 : -1;
}

/* Autoconf: configure's summary table in the build log, and the HARDEN_*
 * substitutions in the generated Makefile. */
static int
read_autoconf_report(const char *log, const char *dir, struct report *r)
{
	char line[4096], path[PATH_MAX];
	FILE *f;
	int in_table = 0;

	memset(r, 0, sizeof *r);
	if ((f = fopen(log, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		char name[NAME_LEN], state[16];
		int off = 0;

		trim_newline(line);
		if (!strncmp(line, "configure: hardening level", 26)) {
			in_table = 1;
			r->nrows = 0;	/* a second table (reconfigure) wins */
			continue;
		}
		if (!in_table)
			continue;
		if (strncmp(line, "  ", 2) || sscanf(line, " %63s %15s %n", name,
		    state, &off) < 2 || r->nrows >= MAX_FEATURES) {
			in_table = 0;
			continue;
		}
		copy_str(r->rows[r->nrows].name, NAME_LEN, name);
		copy_str(r->rows[r->nrows].state, 16, state);
		copy_str(r->rows[r->nrows].reason, 256, strcmp(state, "on") && off ? line + off : "");
		r->nrows++;
	}
	fclose(f);
	fmt(path, sizeof path, "%s/Makefile", dir);
	if ((f = fopen(path, "r")) != NULL) {
		static const char *const vars[5] = { "HARDEN_CPPFLAGS = ", "HARDEN_CFLAGS = ",
		    NULL, "HARDEN_LDFLAGS = ", "HARDEN_EXE_LDFLAGS = " };
		while (fgets(line, sizeof line, f) != NULL) {
			int i;
			trim_newline(line);
			if (!strncmp(line, "HARDEN_ENABLED = ", 17))
				copy_str(r->enabled, sizeof r->enabled, line + 17);
			for (i = 0; i < 5; i++)
				if (vars[i] && !strncmp(line, vars[i], strlen(vars[i])))
					copy_str(r->flags[i], sizeof r->flags[i], line + strlen(vars[i]));
		}
		fclose(f);
	}
	for (int i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].state, "on"))
			enabled_value(r->enabled, r->rows[i].name, r->rows[i].value, NAME_LEN);
	return r->nrows > 0 ? 0 : -1;
}

static int
read_variant_report(struct cost *c, struct variant *v, struct report *r)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;
	int rc = -1;

	switch (c->frontend) {
	case FRONT_AUTOCONF:
		return read_autoconf_report(v->log, v->dir, r);
	case FRONT_CMAKE:
	case FRONT_MAKE:
		fmt(path, sizeof path, "%s/harden-report.txt", v->dir);
		return read_report_file(path, r);
	case FRONT_MESON:
		/* BUILD/subprojects/harden*, whatever the wrap's directory. */
		fmt(path, sizeof path, "%s/subprojects", v->dir);
		if ((d = opendir(path)) == NULL)
			return -1;
		while (rc != 0 && (e = readdir(d)) != NULL) {
			if (strncmp(e->d_name, "harden", 6))
				continue;
			fmt(path, sizeof path, "%s/subprojects/%s/harden-report.txt",
			    v->dir, e->d_name);
			rc = read_report_file(path, r);
		}
		closedir(d);
		return rc;
	}
	return -1;
}

/* ---- variants and builds ---- */

static struct variant *
add_variant(struct cost *c, enum variant_kind kind, const char *feature, const char *needed)
{
	struct variant *v = &c->variants[c->nvariants++];

	memset(v, 0, sizeof *v);
	v->kind = kind;
	copy_str(v->feature, sizeof v->feature, feature ? feature : "");
	copy_str(v->needed, sizeof v->needed, needed ? needed : "");
	switch (kind) {
	case VAR_NONE:
		copy_str(v->name, sizeof v->name, "none");
		break;
	case VAR_LEVEL:
		copy_str(v->name, sizeof v->name, c->level);
		break;
	case VAR_WITHOUT:
		fmt(v->name, sizeof v->name, "%s-no-%s", c->level, feature);
		break;
	case VAR_SINGLE:
		fmt(v->name, sizeof v->name, "none+%s%s%s", *v->needed ? v->needed : "",
		    *v->needed ? "+" : "", feature);
		break;
	}
	/* Same-length paths for every variant: see env_padding(). */
	fmt(v->dir, sizeof v->dir, "%s/v%03d", c->workdir, c->nvariants);
	fmt(v->link, sizeof v->link, "%s/%s", c->workdir, v->name);
	fmt(v->log, sizeof v->log, "%s/logs/%s.build.log", c->workdir, v->name);
	v->samples = xmalloc(sizeof(double) * (size_t)(c->max_rounds + 1));
	v->counts = xmalloc(sizeof(double) * (size_t)(c->max_rounds + 1));
	for (int i = 0; i <= c->max_rounds; i++)
		v->samples[i] = v->counts[i] = NAN;
	v->instructions = NAN;
	return v;
}

/* The frontend's options that select variant v. */
static void
variant_options(struct cost *c, struct variant *v, struct args *a)
{
	const char *level = v->kind == VAR_NONE || v->kind == VAR_SINGLE ? "none" : c->level;
	const char *feats[2] = { v->needed, v->feature };
	char opt[NAME_LEN];
	int i;

	switch (c->frontend) {
	case FRONT_AUTOCONF: add(a, "--enable-hardening=%s", level); break;
	case FRONT_MESON: add(a, "-Dharden:hardening=%s", level); break;
	case FRONT_CMAKE: add(a, "-DHARDENING=%s", level); break;
	case FRONT_MAKE: add(a, "--level=%s", level); break;
	}
	for (i = 0; i < 2; i++) {
		int on = v->kind == VAR_SINGLE;
		if (*feats[i] == '\0' || (v->kind != VAR_SINGLE && v->kind != VAR_WITHOUT))
			continue;
		switch (c->frontend) {
		case FRONT_AUTOCONF:
			add(a, "--%s-%s", on ? "enable" : "disable", feats[i]);
			break;
		case FRONT_MESON:
			option_name(opt, sizeof opt, feats[i], 0);
			add(a, "-Dharden:%s=%s", opt, on ? "enabled" : "disabled");
			break;
		case FRONT_CMAKE:
			option_name(opt, sizeof opt, feats[i], 1);
			add(a, "-DHARDENING_%s=%s", opt, on ? "ON" : "OFF");
			break;
		case FRONT_MAKE:
			add(a, "--%s-%s", on ? "enable" : "no", feats[i]);
			break;
		}
	}
}

static int
step(struct cost *c, struct variant *v, struct args *a, const char *cwd, char *const env[])
{
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
		c->interrupted = 1;
		return -1;
	}
	if (r.status != 0) {
		fmt(v->failure, sizeof v->failure, "build failed: %s exited with %d",
		    a->v[0], r.status);
		return -1;
	}
	return 0;
}

static char *
joined_flags(const char *a, const char *b, const char *d)
{
	return xprintf("%s%s%s%s%s", a, *a && (*b || *d) ? " " : "", b, *b && *d ? " " : "", d);
}

/* Builds variant v into v->dir; reads its report.  0 ok. */
static int
build_variant(struct cost *c, struct variant *v)
{
	struct args a = { {0}, 0 };
	struct report rep;
	char jobs[32];
	double start = now_seconds();
	int i, rc = -1, reuse;

	fmt(jobs, sizeof jobs, "%d", c->jobs);
	/* --reuse: a directory this variant configured before is only rebuilt */
	reuse = c->reuse && read_variant_report(c, v, &rep) == 0;
	if (!reuse) {
		remove_tree(v->dir);
		remove(v->log);
	}
	if (make_dirs(v->dir) != 0) {
		fmt(v->failure, sizeof v->failure, "cannot create %s", v->dir);
		goto done;
	}
	/* the build directory under the variant's name, for people */
	remove(v->link);
	if (symlink(strrchr(v->dir, '/') + 1, v->link) != 0) {
		fmt(v->failure, sizeof v->failure, "cannot create %s", v->link);
		goto done;
	}
	switch (c->frontend) {
	case FRONT_AUTOCONF:
		add(&a, "%s/configure", c->srcdir);
		for (i = 0; i < c->nconfig_args; i++)
			add(&a, "%s", c->config_args[i]);
		variant_options(c, v, &a);
		if (!reuse && step(c, v, &a, v->dir, NULL))
			goto done;
		clear_args(&a);
		add(&a, "make");
		add(&a, "-j%s", jobs);
		for (i = 0; i < c->nmake_args; i++)
			add(&a, "%s", c->make_args[i]);
		if (step(c, v, &a, v->dir, NULL))
			goto done;
		break;
	case FRONT_MESON:
		add(&a, "meson");
		add(&a, "setup");
		add(&a, "--buildtype=debugoptimized");
		for (i = 0; i < c->nconfig_args; i++)
			add(&a, "%s", c->config_args[i]);
		variant_options(c, v, &a);
		add(&a, "%s", v->dir);
		add(&a, "%s", c->srcdir);
		if (!reuse && step(c, v, &a, NULL, NULL))
			goto done;
		clear_args(&a);
		add(&a, "meson");
		add(&a, "compile");
		add(&a, "-C");
		add(&a, "%s", v->dir);
		add(&a, "-j");
		add(&a, "%s", jobs);
		if (step(c, v, &a, NULL, NULL))
			goto done;
		break;
	case FRONT_CMAKE:
		add(&a, "cmake");
		add(&a, "-S");
		add(&a, "%s", c->srcdir);
		add(&a, "-B");
		add(&a, "%s", v->dir);
		add(&a, "-DCMAKE_BUILD_TYPE=RelWithDebInfo");
		for (i = 0; i < c->nconfig_args; i++)
			add(&a, "%s", c->config_args[i]);
		variant_options(c, v, &a);
		if (!reuse && step(c, v, &a, NULL, NULL))
			goto done;
		clear_args(&a);
		add(&a, "cmake");
		add(&a, "--build");
		add(&a, "%s", v->dir);
		add(&a, "-j");
		add(&a, "%s", jobs);
		if (step(c, v, &a, NULL, NULL))
			goto done;
		break;
	case FRONT_MAKE: {
		char *env[2] = { NULL, NULL }, *cflags, *ldflags;

		add(&a, "cp");
		add(&a, "-RP");
		add(&a, "%s/.", c->srcdir);
		add(&a, "%s", v->dir);
		if (!reuse && step(c, v, &a, NULL, NULL))
			goto done;
		/* The driver's report (stdout) to a file, its messages to the log. */
		clear_args(&a);
		add(&a, "sh");
		add(&a, "-c");
		add(&a, "out=$1; shift; exec \"$@\" >\"$out\"");
		add(&a, "sh");
		add(&a, "%s/harden-report.txt", v->dir);
		add(&a, "%s", c->flags_driver);
		for (i = 0; i < c->nconfig_args; i++)
			add(&a, "%s", c->config_args[i]);
		variant_options(c, v, &a);
		add(&a, "--report");
		env[0] = xprintf("CFLAGS=%s", c->base_cflags);
		i = step(c, v, &a, NULL, env);
		free(env[0]);
		if (i != 0)
			goto done;
		if (read_report_file(a.v[4], &rep) != 0) {
			fmt(v->failure, sizeof v->failure, "no report from %s", c->flags_driver);
			goto done;
		}
		clear_args(&a);
		add(&a, "make");
		add(&a, "-C");
		add(&a, "%s", v->dir);
		add(&a, "-j%s", jobs);
		add(&a, "CPPFLAGS=%s", rep.flags[0]);
		cflags = joined_flags(c->base_cflags, rep.flags[1], rep.flags[2]);
		ldflags = joined_flags(rep.flags[3], rep.flags[4], "");
		add(&a, "CFLAGS=%s", cflags);
		add(&a, "LDFLAGS=%s", ldflags);
		for (i = 0; i < c->nmake_args; i++)
			add(&a, "%s", c->make_args[i]);
		free(cflags);
		free(ldflags);
		if (step(c, v, &a, NULL, NULL))
			goto done;
		break;
	}
	}
	if (read_variant_report(c, v, &rep) != 0) {
		fmt(v->failure, sizeof v->failure,
		    "build failed: no harden report in %s (does the project use harden?)", v->dir);
		goto done;
	}
	copy_str(v->enabled, sizeof v->enabled, rep.enabled);
	if (v == &c->variants[0]) {	/* the first build tells what is on */
		c->nfeatures = rep.nrows;
		memcpy(c->features, rep.rows, sizeof rep.rows);
	}
	rc = 0;
done:
	v->build_seconds = now_seconds() - start;
	if (rc != 0 && !c->interrupted) {
		v->status = ST_BUILD_FAILED;
		if (!*v->failure)
			fmt(v->failure, sizeof v->failure, "build failed");
	}
	clear_args(&a);
	return rc;
}

/* ---- progress ---- */

struct clock {
	double	build_sum, run_sum, count_sum;
	int	builds, runs, counts;
	int	builds_left, runs_left, counts_left;
};

static void
format_duration(char *buf, size_t len, double s)
{
	if (s < 60)
		fmt(buf, len, "%.0fs", s);
	else if (s < 3600)
		fmt(buf, len, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		fmt(buf, len, "%dh%02dm", (int)s / 3600, (int)s % 3600 / 60);
}

/* what NULL clears the line.  Without a terminal only major steps (a
 * build, a round, a count) print, one line each. */
static void
progress(const struct cost *c, const struct clock *k, const char *what, int major)
{
	static int tty = -1;
	double run = k->runs ? k->run_sum / k->runs : 0;
	double build = k->builds ? k->build_sum / k->builds : 0;
	/* callgrind runs some 50 times slower than the program */
	double count = k->counts ? k->count_sum / k->counts : 50 * run;
	double left = build * k->builds_left + run * k->runs_left + count * k->counts_left;
	char eta[32];

	if (c->quiet)
		return;
	if (tty < 0)
		tty = isatty(2);
	if (what == NULL) {
		if (tty)
			fputs("\r\033[K", stderr);
		return;
	}
	if (k->builds == 0 || (k->runs_left && !k->runs && c->rounds_done == 0 && !k->counts))
		copy_str(eta, sizeof eta, k->builds ? "time left unknown yet" : "estimating");
	else {
		char d[24];
		format_duration(d, sizeof d, left);
		fmt(eta, sizeof eta, "about %s left", d);
	}
	if (tty)
		fprintf(stderr, "\r\033[Kharden-cost: %s (%s)", what, eta);
	else if (major)
		fprintf(stderr, "harden-cost: %s (%s)\n", what, eta);
	fflush(stderr);
}

/* ---- measuring ---- */

/* The number after text on the last output line that has it; NAN if none. */
static double
read_figure(const char *log, const char *text)
{
	FILE *f = fopen(log, "r");
	char line[8192], *p, *end;
	double value = NAN, v;

	if (f == NULL)
		return NAN;
	while (fgets(line, sizeof line, f) != NULL) {
		char *last = NULL;
		for (p = line; (p = strstr(p, text)) != NULL; p++)
			last = p;
		if (last == NULL)
			continue;
		last += strlen(text);
		while (*last == ' ' || *last == '\t' || *last == '"' || *last == ',')
			last++;
		v = strtod(last, &end);
		if (end != last)
			value = v;
	}
	fclose(f);
	return value;
}

enum run_mode { RUN_TIMED, RUN_CALLGRIND };

#define PADDING	"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" \
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" \
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

/*
 * The size of the environment moves the initial stack, and with it the
 * alignment of stack buffers and the instructions string functions
 * execute (0.14% on costbench parse; Mytkowicz et al., ASPLOS 2009).  So
 * every variant runs with an environment of the same size: build
 * directories of the same length (v001, ...) and HARDEN_COST_PAD making
 * up for the length of HARDEN_COST_VARIANT.
 */
static int
env_padding(const struct cost *c, const struct variant *v)
{
	size_t longest = 0;

	for (int i = 0; i < c->nvariants; i++)
		if (strlen(c->variants[i].name) > longest)
			longest = strlen(c->variants[i].name);
	return (int)(longest - strlen(v->name));
}

/* Runs CMD once against v.  0 ok (sample stored), -1 failed or interrupted. */
static int
run_variant(struct cost *c, struct variant *v, int round, enum run_mode mode, struct clock *k)
{
	char log[PATH_MAX], counts[PATH_MAX], *env[8];
	char *argv[4] = { "sh", "-c", NULL, NULL };
	struct proc_result r;
	int i, rc = -1;

	argv[2] = (char *)c->run;
	fmt(log, sizeof log, "%s/logs/%s.%s.log", c->workdir, v->name,
	    mode == RUN_CALLGRIND ? "callgrind" : "run");
	if (mode == RUN_CALLGRIND) {
		fmt(counts, sizeof counts, "%s/counts/%s", c->workdir, strrchr(v->dir, '/') + 1);
		remove_tree(counts);
		make_dirs(counts);
		env[0] = xprintf("HARDEN_COST_WRAP=valgrind --tool=callgrind -q "
		    "--callgrind-out-file=%s/callgrind.%%p", counts);
	} else if (c->counter == COUNT_PERF) {
		fmt(counts, sizeof counts, "%s/counts/%s.r%03d", c->workdir,
		    strrchr(v->dir, '/') + 1, round);
		remove(counts);
		env[0] = xprintf("HARDEN_COST_WRAP=%s --count-instructions %s --", c->self, counts);
	} else
		env[0] = xprintf("HARDEN_COST_WRAP=");
	env[1] = xprintf("HARDEN_COST_BUILDDIR=%s", v->dir);
	env[2] = xprintf("HARDEN_COST_VARIANT=%s", v->name);
	env[3] = xprintf("HARDEN_COST_SRCDIR=%s", c->srcdir);
	env[4] = xprintf("HARDEN_COST_ROUND=%d", round + 1);
	env[5] = xprintf("HARDEN_COST_WORKDIR=%s", c->workdir);
	env[6] = xprintf("HARDEN_COST_PAD=%.*s", env_padding(c, v), PADDING);
	env[7] = NULL;
	if (proc_run(argv, NULL, env, log, 0, c->timeout, &r) < 0) {
		c->interrupted = 1;
		goto out;
	}
	if (mode == RUN_CALLGRIND) {
		k->count_sum += r.seconds;
		k->counts++;
	} else {
		k->run_sum += r.seconds;
		k->runs++;
	}
	if (r.status != 0) {
		fmt(v->failure, sizeof v->failure, "%s%s failed: %s %d",
		    mode == RUN_CALLGRIND ? "under callgrind, " : "", "the command",
		    r.timed_out ? "timed out, status" : "exit status", r.status);
		goto failed;
	}
	if (mode == RUN_CALLGRIND) {
		if (read_callgrind_totals(counts, &v->instructions) != 0) {
			fmt(v->failure, sizeof v->failure,
			    "no callgrind output: does the command put $HARDEN_COST_WRAP "
			    "in front of the program?");
			v->instructions = NAN;
			goto failed;
		}
		rc = 0;
		goto out;
	}
	if (c->figure != NULL) {
		v->samples[round] = read_figure(log, c->figure);
		if (isnan(v->samples[round])) {
			fmt(v->failure, sizeof v->failure,
			    "no number after '%s' in the output of the command", c->figure);
			goto failed;
		}
	} else
		v->samples[round] = c->cpu_time ? r.cpu_seconds : r.seconds;
	if (c->counter == COUNT_PERF && read_perf_counts(counts, &v->counts[round]) != 0)
		v->counts[round] = NAN;
	rc = 0;
	goto out;
failed:
	v->status = ST_RUN_FAILED;
	copy_str(v->log, sizeof v->log, log);
out:
	for (i = 0; env[i] != NULL; i++)
		free(env[i]);
	return rc;
}

static void
shuffle(int *v, int n, uint64_t *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(rng_next(rng) % (uint64_t)(i + 1)), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

static int
count_ok(const struct cost *c)
{
	int n = 0;

	for (int i = 0; i < c->nvariants; i++)
		n += c->variants[i].status == ST_OK;
	return n;
}

/* Adaptive rounds: done when every cost is resolved or narrow enough. */
static int
precise_enough(struct cost *c, uint64_t *rng)
{
	compare_all(c, rng);
	for (int i = 0; i < c->ncmps; i++) {
		struct comparison *m = &c->cmps[i];
		if (m->failed || isnan(m->ratio))
			continue;
		if (!cmp_resolved(m) && (m->high - m->low) / 2 * 100 > c->precision)
			return 0;
	}
	return 1;
}

/* ---- options ---- */

struct option_spec {
	const char *name;
	int	arg;	/* 0 none, 1 required, 2 optional (only as --name=VALUE) */
};

static const struct option_spec option_specs[] = {
	{"autoconf", 0}, {"meson", 0}, {"cmake", 0}, {"make", 0},
	{"run", 1}, {"level", 1}, {"features", 1}, {"single", 0},
	{"rounds", 1}, {"max-rounds", 1}, {"precision", 1}, {"figure", 1},
	{"higher-is-better", 0}, {"cpu-time", 0}, {"instructions", 1}, {"timeout", 1},
	{"seed", 1}, {"json", 2}, {"markdown", 2}, {"svg", 1}, {"workdir", 1},
	{"keep", 0}, {"reuse", 0}, {"quiet", 0}, {"catalog", 1}, {"harden-flags", 1},
	{"configure-arg", 1}, {"make-arg", 1}, {"cflags", 1}, {"jobs", 1}, {"which-counter", 0},
	{"help", 0}, {"version", 0}, {NULL, 0}
};

static long
number_arg(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || n < lo || n > hi)
		usage("--%s needs a whole number from %ld to %ld, not '%s'", opt, lo, hi, s);
	return n;
}

static double
real_arg(const char *opt, const char *s)
{
	char *end;
	double d = strtod(s, &end);

	if (*s == '\0' || *end != '\0' || !(d > 0))
		usage("--%s needs a positive number, not '%s'", opt, s);
	return d;
}

static void
parse_options(struct cost *c, int argc, char **argv, const char **counter_wanted,
    int *which_counter)
{
	int i, frontends = 0;

	for (i = 1; i < argc; i++) {
		const struct option_spec *o;
		const char *arg = argv[i], *val = NULL, *eq;
		char name[64];

		if (!strcmp(arg, "-h"))
			help();
		if (strncmp(arg, "--", 2) || arg[2] == '\0') {
			if (arg[0] == '-' && arg[1] != '\0' && strcmp(arg, "--"))
				usage("unknown option '%s'", arg);
			if (!strcmp(arg, "--") && ++i >= argc)
				break;
			if (c->srcdir != NULL)
				usage("more than one SRCDIR: '%s' and '%s'", c->srcdir, argv[i]);
			c->srcdir = argv[i];
			continue;
		}
		eq = strchr(arg + 2, '=');
		fmt(name, sizeof name, "%.*s", (int)(eq ? eq - arg - 2 : (long)strlen(arg + 2)), arg + 2);
		for (o = option_specs; o->name != NULL && strcmp(o->name, name); o++)
			;
		if (o->name == NULL)
			usage("unknown option '--%s'", name);
		if (eq != NULL) {
			if (o->arg == 0)
				usage("--%s takes no value", name);
			val = eq + 1;
		} else if (o->arg == 1) {
			if (++i >= argc)
				usage("--%s needs a value", name);
			val = argv[i];
		}
		if (!strcmp(name, "autoconf") || !strcmp(name, "meson") ||
		    !strcmp(name, "cmake") || !strcmp(name, "make")) {
			c->frontend = !strcmp(name, "autoconf") ? FRONT_AUTOCONF :
			    !strcmp(name, "meson") ? FRONT_MESON :
			    !strcmp(name, "cmake") ? FRONT_CMAKE : FRONT_MAKE;
			frontends++;
		} else if (!strcmp(name, "run"))
			c->run = val;
		else if (!strcmp(name, "level"))
			c->level = val;
		else if (!strcmp(name, "features"))
			c->only = val;
		else if (!strcmp(name, "single"))
			c->single = 1;
		else if (!strcmp(name, "rounds")) {
			c->adaptive = !strcmp(val, "auto");
			c->rounds = c->adaptive ? 0 : (int)number_arg(name, val, 0, 10000);
		} else if (!strcmp(name, "max-rounds"))
			c->max_rounds = (int)number_arg(name, val, 1, 10000);
		else if (!strcmp(name, "precision"))
			c->precision = real_arg(name, val);
		else if (!strcmp(name, "figure")) {
			if (*val == '\0')
				usage("--figure needs a text");
			c->figure = val;
		} else if (!strcmp(name, "higher-is-better"))
			c->higher_is_better = 1;
		else if (!strcmp(name, "cpu-time"))
			c->cpu_time = 1;
		else if (!strcmp(name, "instructions")) {
			if (strcmp(val, "auto") && strcmp(val, "perf") &&
			    strcmp(val, "callgrind") && strcmp(val, "none"))
				usage("--instructions is auto, perf, callgrind or none, not '%s'", val);
			*counter_wanted = val;
		} else if (!strcmp(name, "timeout"))
			c->timeout = real_arg(name, val);
		else if (!strcmp(name, "seed"))
			c->seed = (uint64_t)number_arg(name, val, 0, 2147483647);
		else if (!strcmp(name, "json"))
			c->json = val ? val : "-";
		else if (!strcmp(name, "markdown"))
			c->markdown = val ? val : "-";
		else if (!strcmp(name, "svg"))
			c->svg = val;
		else if (!strcmp(name, "workdir"))
			c->workdir = val;
		else if (!strcmp(name, "keep"))
			c->keep = 1;
		else if (!strcmp(name, "reuse"))
			c->reuse = c->keep = 1;
		else if (!strcmp(name, "quiet"))
			c->quiet = 1;
		else if (!strcmp(name, "catalog"))
			c->catalog = val;
		else if (!strcmp(name, "harden-flags"))
			c->flags_driver = val;
		else if (!strcmp(name, "configure-arg")) {
			if (c->nconfig_args == (int)(sizeof c->config_args / sizeof c->config_args[0]))
				usage("too many --configure-arg");
			c->config_args[c->nconfig_args++] = val;
		} else if (!strcmp(name, "make-arg")) {
			if (c->nmake_args == (int)(sizeof c->make_args / sizeof c->make_args[0]))
				usage("too many --make-arg");
			c->make_args[c->nmake_args++] = val;
		} else if (!strcmp(name, "cflags"))
			c->base_cflags = val;
		else if (!strcmp(name, "jobs"))
			c->jobs = (int)number_arg(name, val, 1, 256);
		else if (!strcmp(name, "which-counter"))
			*which_counter = 1;
		else if (!strcmp(name, "help"))
			help();
		else if (!strcmp(name, "version")) {
			printf("harden-cost %s\n", HARDEN_VERSION);
			exit(EXIT_OK);
		}
	}
	if (frontends > 1)
		usage("give one of --autoconf, --meson, --cmake, --make");
	if (*which_counter)
		return;
	if (c->srcdir == NULL)
		usage("no SRCDIR given");
	if (c->run == NULL)
		usage("no --run CMD given");
	if (strcmp(c->level, "none") && strcmp(c->level, "standard") && strcmp(c->level, "strict"))
		usage("--level is none, standard or strict, not '%s'", c->level);
	if (!strcmp(c->level, "none") && !c->single)
		usage("nothing to compare at level none without --single");
	if (c->higher_is_better && c->figure == NULL)
		usage("--higher-is-better needs --figure");
	if (c->cpu_time && c->figure != NULL)
		usage("--cpu-time and --figure exclude each other");
	if ((c->json && !strcmp(c->json, "-")) + (c->markdown && !strcmp(c->markdown, "-")) > 1)
		usage("--json and --markdown cannot both go to standard output");
	c->table = !(c->json && !strcmp(c->json, "-")) && !(c->markdown && !strcmp(c->markdown, "-"));
	if (c->rounds > c->max_rounds)
		c->max_rounds = c->rounds;
	if (c->precision <= 0)
		c->precision = 1;
	if (frontends == 0) {
		/* the first build description SRCDIR has */
		static const char *const files[] = { "meson.build", "CMakeLists.txt",
		    "configure", "configure.ac", "Makefile" };
		static const enum frontend fronts[] = { FRONT_MESON, FRONT_CMAKE,
		    FRONT_AUTOCONF, FRONT_AUTOCONF, FRONT_MAKE };
		char path[PATH_MAX];
		size_t k;
		for (k = 0; k < sizeof files / sizeof files[0]; k++) {
			fmt(path, sizeof path, "%s/%s", c->srcdir, files[k]);
			if (file_exists(path))
				break;
		}
		if (k == sizeof files / sizeof files[0])
			usage("%s has no meson.build, CMakeLists.txt, configure or Makefile", c->srcdir);
		c->frontend = fronts[k];
	}
}

/* ---- main ---- */

static void
build_all(struct cost *c, struct clock *k)
{
	char what[512];

	for (int i = 0; i < c->nvariants && !c->interrupted; i++) {
		struct variant *v = &c->variants[i];
		if (v->status != ST_PENDING)
			continue;
		fmt(what, sizeof what, "building %s (%d of %d)", v->name, i + 1, c->nvariants);
		progress(c, k, what, 1);
		k->builds_left--;
		if (build_variant(c, v) == 0)
			v->status = ST_OK;
		if (!c->interrupted) {
			k->build_sum += v->build_seconds;
			k->builds++;
		}
	}
}

/* The features that variant v lacks besides its own (bind-now without relro). */
static void
also_removed(const struct cost *c, const struct variant *level, const struct variant *v,
    char *out, size_t len)
{
	char val[NAME_LEN];

	*out = '\0';
	for (int i = 0; i < c->nfeatures; i++) {
		const struct feature *f = &c->features[i];
		if (strcmp(f->state, "on") || !strcmp(f->name, v->feature))
			continue;
		enabled_value(level->enabled, f->name, val, sizeof val);
		if (!*val)
			continue;
		enabled_value(v->enabled, f->name, val, sizeof val);
		if (!*val && strlen(out) + strlen(f->name) + 2 < len)
			fmt(out + strlen(out), len - strlen(out), "%s%s", *out ? "," : "", f->name);
	}
}

static void
plan_variants(struct cost *c)
{
	int level = -1, none;

	/* the level first: its report says which features are on */
	if (strcmp(c->level, "none")) {
		level = c->nvariants;
		add_variant(c, VAR_LEVEL, NULL, NULL);
	}
	none = c->nvariants;
	add_variant(c, VAR_NONE, NULL, NULL);
	if (level >= 0) {
		struct comparison *m = &c->cmps[c->ncmps++];
		memset(m, 0, sizeof *m);
		m->kind = CMP_LEVEL;
		fmt(m->name, sizeof m->name, "%s vs none", c->level);
		m->with = level;
		m->without = none;
	}
}

static void
plan_feature_variants(struct cost *c)
{
	int level = 0, none = strcmp(c->level, "none") ? 1 : 0;

	for (int i = 0; i < c->nfeatures; i++) {
		struct feature *f = &c->features[i];
		struct comparison *m;

		for (int j = 0; j < c->ncatalog; j++)
			if (!strcmp(c->catalog_names[j], f->name))
				copy_str(f->needs, sizeof f->needs, c->catalog_needs[j]);
		if (strcmp(f->state, "on") || !wanted_feature(c, f->name))
			continue;
		if (strcmp(c->level, "none")) {
			m = &c->cmps[c->ncmps++];
			memset(m, 0, sizeof *m);
			m->kind = CMP_FEATURE;
			copy_str(m->name, sizeof m->name, f->name);
			m->with = level;
			m->without = c->nvariants;
			add_variant(c, VAR_WITHOUT, f->name, NULL);
		}
	}
	if (!c->single)
		return;
	for (int i = 0; i < c->ncatalog; i++) {
		const char *name = c->catalog_names[i], *needed = c->catalog_needs[i];
		struct comparison *m;
		int on = 0;

		/* at level none: every feature the level's report would allow */
		for (int j = 0; j < c->nfeatures; j++)
			if (!strcmp(c->features[j].name, name))
				on = !strcmp(c->features[j].state, "on") ||
				    (!strcmp(c->level, "none") && !strcmp(c->features[j].state, "off"));
		if (!on || !wanted_feature(c, name))
			continue;
		m = &c->cmps[c->ncmps++];
		memset(m, 0, sizeof *m);
		m->kind = CMP_SINGLE;
		fmt(m->name, sizeof m->name, "none+%s%s%s", needed, *needed ? "+" : "", name);
		m->with = c->nvariants;
		m->without = none;
		add_variant(c, VAR_SINGLE, name, needed);
	}
}

static void
cleanup(struct cost *c, int failures)
{
	char path[PATH_MAX];

	if (c->keep) {
		if (!c->quiet)
			fprintf(stderr, "harden-cost: build directories kept in %s\n", c->workdir);
		return;
	}
	for (int i = 0; i < c->nvariants; i++)
		if (c->variants[i].status != ST_BUILD_FAILED) {
			remove_tree(c->variants[i].dir);
			remove(c->variants[i].link);
		}
	fmt(path, sizeof path, "%s/counts", c->workdir);
	remove_tree(path);
	if (failures) {
		fprintf(stderr, "harden-cost: logs of the failed variants kept in %s/logs\n", c->workdir);
		return;
	}
	fmt(path, sizeof path, "%s/logs", c->workdir);
	remove_tree(path);
	if (c->workdir_made)
		rmdir(c->workdir);
}

static FILE *
open_output(const char *path)
{
	FILE *f;

	if (!strcmp(path, "-"))
		return stdout;
	if ((f = fopen(path, "w")) == NULL)
		die("cannot write %s: %s", path, strerror(errno));
	return f;
}

static void
close_output(FILE *f, const char *path)
{
	if (f != stdout && fclose(f) != 0)
		die("cannot write %s: %s", path, strerror(errno));
}

int
main(int argc, char **argv)
{
	static struct cost cost;
	struct cost *c = &cost;
	struct clock k;
	const char *counter_wanted = "auto", *catalog;
	char self[PATH_MAX], srcdir[PATH_MAX], catbuf[PATH_MAX], work[PATH_MAX];
	char driver[PATH_MAX];
	uint64_t rng;
	int which = 0, failures = 0, order[MAX_VARIANTS], n, r, i;
	ssize_t len;

	if (argc > 1 && !strcmp(argv[1], "--count-instructions"))
		return count_instructions_main(argc, argv);

	memset(&k, 0, sizeof k);
	c->level = "standard";
	c->rounds = 10;
	c->max_rounds = 30;
	c->precision = 1;
	c->jobs = 2;
	c->base_cflags = "-O2 -g";
	c->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len > 0)
		self[len] = '\0';
	else if (realpath(argv[0], self) == NULL)
		copy_str(self, sizeof self, argv[0]);
	c->self = self;

	parse_options(c, argc, argv, &counter_wanted, &which);
	c->counter = counter_detect(counter_wanted, c->counter_reason, sizeof c->counter_reason);
	if (which) {
		printf("%s", c->counter == COUNT_PERF ? "perf" :
		    c->counter == COUNT_CALLGRIND ? "callgrind" : "none");
		printf(*c->counter_reason ? " (%s)\n" : "\n", c->counter_reason);
		return EXIT_OK;
	}
	if (c->adaptive)
		c->rounds = c->max_rounds;
	if (realpath(c->srcdir, srcdir) == NULL)
		usage("cannot read SRCDIR %s: %s", c->srcdir, strerror(errno));
	c->srcdir = srcdir;
	catalog = find_catalog(c, catbuf, sizeof catbuf);
	if (catalog != NULL && load_catalog(c, catalog) != 0 && c->catalog != NULL)
		usage("cannot read the catalog %s", c->catalog);
	check_features(c);
	if (c->frontend == FRONT_AUTOCONF) {
		fmt(work, sizeof work, "%s/configure", c->srcdir);
		if (!file_exists(work))
			usage("%s has no configure: run autoreconf -fi there first", c->srcdir);
	}
	if (c->frontend == FRONT_MAKE) {
		if (c->flags_driver == NULL && catalog != NULL) {
			fmt(driver, sizeof driver, "%.*s/harden-flags",
			    (int)(strrchr(catalog, '/') ? strrchr(catalog, '/') - catalog : 1),
			    strrchr(catalog, '/') ? catalog : ".");
			if (access(driver, X_OK) == 0 || file_exists(driver))
				c->flags_driver = driver;
		}
		if (c->flags_driver == NULL && find_in_path("harden-flags", driver, sizeof driver))
			c->flags_driver = driver;
		if (c->flags_driver == NULL)
			usage("--make needs harden-flags (catalog/harden-flags): give --harden-flags PATH");
	}
	if (c->counter == COUNT_NONE && c->rounds == 0)
		die("nothing to measure: no instruction counter (%s) and --rounds 0", c->counter_reason);

	if (c->workdir == NULL) {
		const char *tmp = getenv("TMPDIR");
		fmt(work, sizeof work, "%s/harden-cost.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(work) == NULL)
			die("cannot create a work directory %s: %s", work, strerror(errno));
		c->workdir = work;
		c->workdir_made = 1;
	} else {
		if (make_dirs(c->workdir) != 0 || realpath(c->workdir, work) == NULL)
			die("cannot create the work directory %s: %s", c->workdir, strerror(errno));
		c->workdir = work;
	}
	if (c->counter != COUNT_NONE && (has_blank(c->workdir) || has_blank(c->self)))
		usage("the work directory and harden-cost's path must not contain blanks "
		    "(HARDEN_COST_WRAP is split on them): use --workdir");
	fmt(catbuf, sizeof catbuf, "%s/logs", c->workdir);
	make_dirs(catbuf);
	fmt(catbuf, sizeof catbuf, "%s/counts", c->workdir);
	make_dirs(catbuf);
	proc_init();
	rng = c->seed;

	/* Builds: the level first, for its report. */
	plan_variants(c);
	k.builds_left = c->nvariants;
	build_all(c, &k);
	if (c->interrupted)
		goto interrupted;
	if (strcmp(c->level, "none") && c->variants[0].status != ST_OK) {
		progress(c, &k, NULL, 0);
		fprintf(stderr, "harden-cost: the %s build failed (%s); see %s\n", c->level,
		    c->variants[0].failure, c->variants[0].log);
		c->keep = 1;
		cleanup(c, 1);
		return EXIT_FAILED;
	}
	if (c->ncatalog == 0) {
		/* no catalog file: the report names every feature */
		for (i = 0; i < c->nfeatures; i++)
			copy_str(c->catalog_names[c->ncatalog++], NAME_LEN, c->features[i].name);
		check_features(c);
	}
	n = c->nvariants;
	plan_feature_variants(c);
	k.builds_left = c->nvariants - n;
	build_all(c, &k);
	if (c->interrupted)
		goto interrupted;
	for (i = 0; i < c->ncmps; i++) {
		struct comparison *m = &c->cmps[i];
		if (m->kind == CMP_FEATURE && c->variants[m->without].status == ST_OK)
			also_removed(c, &c->variants[m->with], &c->variants[m->without],
			    m->also, sizeof m->also);
	}

	/* Time rounds: each runs every variant once, in a shuffled order. */
	k.counts_left = c->counter == COUNT_CALLGRIND ? count_ok(c) : 0;
	for (r = 0; r < c->rounds && !c->interrupted; r++) {
		for (n = 0, i = 0; i < c->nvariants; i++)
			if (c->variants[i].status == ST_OK)
				order[n++] = i;
		shuffle(order, n, &rng);
		k.runs_left = n * (c->rounds - r);
		for (i = 0; i < n && !c->interrupted; i++) {
			struct variant *v = &c->variants[order[i]];
			char what[512];
			if (v->status != ST_OK)
				continue;
			fmt(what, sizeof what, "round %d of %d%s: running %s", r + 1,
			    c->rounds, c->adaptive ? " at most" : "", v->name);
			progress(c, &k, what, i == 0);
			k.runs_left--;
			run_variant(c, v, r, RUN_TIMED, &k);
		}
		if (!c->interrupted)
			c->rounds_done = r + 1;
		if (c->adaptive && r + 1 >= 5 && precise_enough(c, &rng))
			break;
	}
	if (c->interrupted)
		goto interrupted;
	for (i = 0; i < c->nvariants; i++) {
		struct variant *v = &c->variants[i];
		if (c->counter == COUNT_PERF && c->rounds_done > 0)
			v->instructions = median(v->counts, c->rounds_done);
	}

	/* Instructions with callgrind: one run per variant (deterministic). */
	if (c->counter == COUNT_CALLGRIND) {
		k.runs_left = 0;
		k.counts_left = count_ok(c);
		for (i = 0; i < c->nvariants && !c->interrupted; i++) {
			struct variant *v = &c->variants[i];
			char what[512];
			if (v->status != ST_OK)
				continue;
			fmt(what, sizeof what, "counting instructions of %s with callgrind",
			    v->name);
			progress(c, &k, what, 1);
			k.counts_left--;
			run_variant(c, v, 0, RUN_CALLGRIND, &k);
		}
		if (c->interrupted)
			goto interrupted;
	}
	progress(c, &k, NULL, 0);

	compare_all(c, &rng);
	for (i = 0; i < c->nvariants; i++)
		failures += c->variants[i].status != ST_OK;
	if (c->table)
		print_table(c, stdout);
	if (c->json) {
		FILE *f = open_output(c->json);
		print_json(c, f);
		close_output(f, c->json);
	}
	if (c->markdown) {
		FILE *f = open_output(c->markdown);
		print_markdown(c, f);
		close_output(f, c->markdown);
	}
	if (c->svg && write_svg(c, c->svg) != 0)
		die("cannot write %s: %s", c->svg, strerror(errno));
	fflush(stdout);
	cleanup(c, failures);
	return failures ? EXIT_FAILED : EXIT_OK;

interrupted:
	progress(c, &k, NULL, 0);
	fprintf(stderr, "harden-cost: interrupted by signal %d; every build and run stopped\n",
	    (int)cost_signalled);
	cleanup(c, 0);
	return 128 + (int)cost_signalled;
}
