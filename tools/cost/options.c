/*
 * options.c - harden-cost's command line: getopt_long over one table of
 * options (the frontends' options come from the frontend table), then the
 * checks between options.  Usage errors exit 2 with the usage lines.
 */
#define _XOPEN_SOURCE	700
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cost.h"

#define USAGE \
	"usage: harden-cost [--autoconf|--meson|--cmake|--make] SRCDIR --run CMD [options]\n" \
	"       harden-cost --which-counter [--instructions auto|perf|callgrind]\n"

/* getopt_long values: the options of the table, then the frontends. */
#define OPT_DEF		256
#define OPT_FRONTEND	512

enum opt_kind {
	K_FLAG,		/* sets an int to 1 */
	K_STRING,	/* the value; "-" when an optional value is left out */
	K_INT,		/* a whole number from lo to hi */
	K_REAL,		/* a positive number */
	K_FN		/* fn does it */
};

struct optdef {
	const char *name;
	int	has_arg;	/* optional: only as --name=VALUE */
	enum opt_kind kind;
	size_t	off;		/* of the field in struct opts */
	long	lo, hi;
	void	(*fn)(struct opts *, const char *arg);
};

static void set_rounds(struct opts *, const char *);
static void set_figure(struct opts *, const char *);
static void set_instructions(struct opts *, const char *);
static void set_seed(struct opts *, const char *);
static void set_reuse(struct opts *, const char *);
static void set_lift(struct opts *, const char *);
static void add_config_arg(struct opts *, const char *);
static void add_make_arg(struct opts *, const char *);
static void add_env_variant(struct opts *, const char *);
static void help(struct opts *, const char *) __attribute__((noreturn));
static void version(struct opts *, const char *) __attribute__((noreturn));

#define F(field)	.off = offsetof(struct opts, field)

static const struct optdef optdefs[] = {
	{ "run",		required_argument, K_STRING, F(run) },
	{ "level",		required_argument, K_STRING, F(level) },
	{ "features",		required_argument, K_STRING, F(only) },
	{ "single",		no_argument, K_FLAG, F(single) },
	{ "lift-exceptions",	optional_argument, K_FN, .fn = set_lift },
	{ "rounds",		required_argument, K_FN, .fn = set_rounds },
	{ "max-rounds",		required_argument, K_INT, F(max_rounds), .lo = 1, .hi = 10000 },
	{ "layouts",		required_argument, K_INT, F(layouts), .lo = 1, .hi = MAX_LAYOUTS },
	{ "precision",		required_argument, K_REAL, F(precision) },
	{ "figure",		required_argument, K_FN, .fn = set_figure },
	{ "higher-is-better",	no_argument, K_FLAG, F(higher_is_better) },
	{ "cpu-time",		no_argument, K_FLAG, F(cpu_time) },
	{ "instructions",	required_argument, K_FN, .fn = set_instructions },
	{ "timeout",		required_argument, K_REAL, F(timeout) },
	{ "seed",		required_argument, K_FN, .fn = set_seed },
	{ "json",		optional_argument, K_STRING, F(json) },
	{ "markdown",		optional_argument, K_STRING, F(markdown) },
	{ "svg",		required_argument, K_STRING, F(svg) },
	{ "workdir",		required_argument, K_STRING, F(workdir) },
	{ "keep",		no_argument, K_FLAG, F(keep) },
	{ "reuse",		no_argument, K_FN, .fn = set_reuse },
	{ "quiet",		no_argument, K_FLAG, F(quiet) },
	{ "catalog",		required_argument, K_STRING, F(catalog) },
	{ "harden-flags",	required_argument, K_STRING, F(flags_driver) },
	{ "configure-arg",	required_argument, K_FN, .fn = add_config_arg },
	{ "make-arg",		required_argument, K_FN, .fn = add_make_arg },
	{ "env-variant",	required_argument, K_FN, .fn = add_env_variant },
	{ "cflags",		required_argument, K_STRING, F(base_cflags) },
	{ "jobs",		required_argument, K_INT, F(jobs), .lo = 1, .hi = 256 },
	{ "which-counter",	no_argument, K_FLAG, F(which_counter) },
	{ "help",		no_argument, K_FN, .fn = help },
	{ "version",		no_argument, K_FN, .fn = version },
};

#define NOPTDEFS	(int)(sizeof optdefs / sizeof optdefs[0])

void
usage(const char *format, ...)
{
	va_list ap;

	if (format != NULL) {
		va_start(ap, format);
		vwarnx(format, ap);
		va_end(ap);
	}
	fputs(USAGE "Try 'harden-cost --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

static void
help(struct opts *o, const char *arg)
{
	(void)o;
	(void)arg;
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
	    "  --lift-exceptions[=LIST]  also the level with the targets' exceptions\n"
	    "                         lifted (HARDEN_LIFT_EXCEPTIONS=yes): what they save;\n"
	    "                         with LIST (features), each one's exceptions alone\n"
	    "  --configure-arg ARG    extra argument for configure / meson setup / cmake\n"
	    "  --make-arg ARG         --autoconf, --make: extra argument for make\n"
	    "  --cflags FLAGS         --make: the builder's CFLAGS (default -O2 -g)\n"
	    "  --env-variant NAME=VAR=VALUE[,VAR=VALUE...]\n"
	    "                         also the baseline's builds run with these in the\n"
	    "                         environment (a run-time knob), priced as NAME\n"
	    "  --jobs N               parallel build jobs (default 2)\n"
	    "  --layouts K            builds of each variant, each linked in a shuffled\n"
	    "                         order (1 to 9, default 3); a control compares the\n"
	    "                         baseline with itself in K other layouts\n"
	    "Measures:\n"
	    "  --run CMD              shell command run per variant and round, with\n"
	    "                         HARDEN_COST_BUILDDIR, HARDEN_COST_VARIANT and\n"
	    "                         HARDEN_COST_WRAP (put it before the measured process);\n"
	    "                         round R runs layout R mod K of every variant\n"
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
	    "  --workdir DIR  --keep  --quiet  --catalog DIR  --harden-flags PATH\n"
	    "  --reuse                rebuild (not configure) the build directories that\n"
	    "                         a run with --keep left in --workdir; implies --keep\n"
	    "  --which-counter        print the instruction counter that would be used\n\n"
	    "Exit status: 0 all measured, 1 a variant failed or nothing was measured,\n"
	    "2 usage error.\n");
	exit(EXIT_OK);
}

static void
version(struct opts *o, const char *arg)
{
	(void)o;
	(void)arg;
	printf("harden-cost %s\n", harden_version);
	exit(EXIT_OK);
}

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
set_rounds(struct opts *o, const char *arg)
{
	o->adaptive = !strcmp(arg, "auto");
	o->rounds = o->adaptive ? 0 : (int)number_arg("rounds", arg, 0, 10000);
}

static void
set_figure(struct opts *o, const char *arg)
{
	if (*arg == '\0')
		usage("--figure needs a text");
	o->figure = arg;
}

static void
set_instructions(struct opts *o, const char *arg)
{
	if (strcmp(arg, "auto") && strcmp(arg, "perf") &&
	    strcmp(arg, "callgrind") && strcmp(arg, "none"))
		usage("--instructions is auto, perf, callgrind or none, not '%s'", arg);
	o->counter_wanted = arg;
}

static void
set_seed(struct opts *o, const char *arg)
{
	o->seed = (uint64_t)number_arg("seed", arg, 0, 2147483647);
}

/* --lift-exceptions: all of them; =LIST: each listed feature's alone. */
static void
set_lift(struct opts *o, const char *arg)
{
	o->lift_exceptions = 1;
	if (arg != NULL && *arg == '\0')
		usage("--lift-exceptions=: name the features, or give no list");
	o->lift_only = arg;
}

static void
set_reuse(struct opts *o, const char *arg)
{
	(void)arg;
	o->reuse = o->keep = 1;
}

static void
add_config_arg(struct opts *o, const char *arg)
{
	if (o->nconfig_args == MAX_ARGS)
		usage("too many --configure-arg");
	o->config_args[o->nconfig_args++] = arg;
}

static void
add_make_arg(struct opts *o, const char *arg)
{
	if (o->nmake_args == MAX_ARGS)
		usage("too many --make-arg");
	o->make_args[o->nmake_args++] = arg;
}

/* A name of letters, digits, '.', '_' and '-' (variant names are file
 * names), or an environment variable's name. */
static int
good_name(const char *s, size_t n, int env)
{
	const char *ok = env ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_" :
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";

	for (size_t i = 0; i < n; i++)
		if (strchr(ok, s[i]) == NULL || s[i] == '\0')
			return 0;
	return n > 0 && n < 64 && !(env && s[0] >= '0' && s[0] <= '9');
}

/* --env-variant NAME=VAR=VALUE[,VAR=VALUE...] */
static void
add_env_variant(struct opts *o, const char *arg)
{
	struct env_variant *e = &o->env_variants[o->nenv_variants];
	const char *p = strchr(arg, '='), *next;
	size_t n;

	if (o->nenv_variants == MAX_ENV_VARIANTS)
		usage("too many --env-variant (at most %d)", MAX_ENV_VARIANTS);
	if (p == NULL || !good_name(arg, (size_t)(p - arg), 0))
		usage("--env-variant needs NAME=VAR=VALUE[,VAR=VALUE...] with a NAME of letters, "
		    "digits, '.', '_' and '-', not '%s'", arg);
	memset(e, 0, sizeof *e);
	fmt(e->name, sizeof e->name, "%.*s", (int)(p - arg), arg);
	for (p++; ; p = next + 1) {
		next = p + strcspn(p, ",");
		n = strcspn(p, "=");
		if (n >= (size_t)(next - p) || !good_name(p, n, 1))
			usage("--env-variant %s: '%.*s' is not VAR=VALUE (VAR: letters, digits "
			    "and '_')", e->name, (int)(next - p), p);
		if (e->nassign == MAX_ENV_VARS)
			usage("--env-variant %s: more than %d variables", e->name, MAX_ENV_VARS);
		e->assign[e->nassign++] = xprintf("%.*s", (int)(next - p), p);
		if (*next == '\0')
			break;
	}
	for (int i = 0; i < o->nenv_variants; i++)
		if (!strcmp(o->env_variants[i].name, e->name))
			usage("--env-variant %s given twice", e->name);
	o->nenv_variants++;
}

/* Applies option d with its value arg (NULL when it has none). */
static void
set_option(struct opts *o, const struct optdef *d, const char *arg)
{
	char *field = (char *)o + d->off;

	switch (d->kind) {
	case K_FLAG:
		*(int *)(void *)field = 1;
		break;
	case K_STRING:
		*(const char **)(void *)field = arg != NULL ? arg : "-";
		break;
	case K_INT:
		*(int *)(void *)field = (int)number_arg(d->name, arg, d->lo, d->hi);
		break;
	case K_REAL:
		*(double *)(void *)field = real_arg(d->name, arg);
		break;
	case K_FN:
		d->fn(o, arg);
		break;
	}
}

/* The long options: the table's, then one per frontend. */
static struct option *
long_options(void)
{
	struct option *lo = xmalloc(sizeof *lo * (size_t)(NOPTDEFS + nfrontends + 1));
	int i;

	for (i = 0; i < NOPTDEFS; i++) {
		lo[i].name = optdefs[i].name;
		lo[i].has_arg = optdefs[i].has_arg;
		lo[i].val = OPT_DEF + i;
	}
	for (i = 0; i < nfrontends; i++) {
		lo[NOPTDEFS + i].name = frontends[i].name;
		lo[NOPTDEFS + i].val = OPT_FRONTEND + i;
	}
	return lo;
}

static const char *
option_name(int val)
{
	return val >= OPT_FRONTEND ? frontends[val - OPT_FRONTEND].name :
	    optdefs[val - OPT_DEF].name;
}

/* getopt_long's '?': an unknown option, or a value given to one without. */
static void
bad_option(char **argv)
{
	const char *arg = argv[optind - 1];

	if (optopt >= OPT_DEF)
		usage("--%s takes no value", option_name(optopt));
	if (optopt != 0)
		usage("unknown option '-%c'", optopt);
	usage("unknown option '%.*s'", (int)strcspn(arg, "="), arg);
}

static void
set_srcdir(const char **srcdir, const char *dir)
{
	if (*srcdir != NULL)
		usage("more than one SRCDIR: '%s' and '%s'", *srcdir, dir);
	*srcdir = dir;
}

/* This program, for the perf wrapper (HARDEN_COST_WRAP) and the catalog
 * next to it. */
static void
find_self(struct opts *o, const char *argv0)
{
	ssize_t len = readlink("/proc/self/exe", o->self, sizeof o->self - 1);

	if (len > 0)
		o->self[len] = '\0';
	else if (realpath(argv0, o->self) == NULL)
		copy_str(o->self, sizeof o->self, argv0);
}

static void
defaults(struct opts *o)
{
	memset(o, 0, sizeof *o);
	o->level = "standard";
	o->rounds = 10;
	o->layouts = 3;
	o->max_rounds = 30;
	o->precision = 1;
	o->jobs = 2;
	o->base_cflags = "-O2 -g";
	o->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	o->counter_wanted = "auto";
}

/* The checks between options, once all are read. */
static void
check_options(struct opts *o, const char *srcdir)
{
	if (srcdir == NULL)
		usage("no SRCDIR given");
	if (o->run == NULL)
		usage("no --run CMD given");
	if (strcmp(o->level, "none") && strcmp(o->level, "standard") &&
	    strcmp(o->level, "strict"))
		usage("--level is none, standard or strict, not '%s'", o->level);
	if (!strcmp(o->level, "none") && !o->single)
		usage("nothing to compare at level none without --single");
	if (!strcmp(o->level, "none") && o->lift_exceptions)
		usage("--lift-exceptions: no exception to lift at level none");
	if (o->higher_is_better && o->figure == NULL)
		usage("--higher-is-better needs --figure");
	if (o->cpu_time && o->figure != NULL)
		usage("--cpu-time and --figure exclude each other");
	if ((o->json && !strcmp(o->json, "-")) + (o->markdown && !strcmp(o->markdown, "-")) > 1)
		usage("--json and --markdown cannot both go to standard output");
	o->table = !(o->json && !strcmp(o->json, "-")) &&
	    !(o->markdown && !strcmp(o->markdown, "-"));
	if (o->rounds > o->max_rounds)
		o->max_rounds = o->rounds;
	if (o->adaptive)
		o->rounds = o->max_rounds;
}

/* The frontend: given, else the first whose build description SRCDIR has;
 * SRCDIR made absolute, with what the frontend needs in it. */
static void
choose_frontend(struct opts *o, const char *srcdir)
{
	if (o->frontend == NULL && (o->frontend = frontend_detect(srcdir)) == NULL)
		usage("%s has no meson.build, CMakeLists.txt, configure or Makefile", srcdir);
	if (realpath(srcdir, o->srcdir) == NULL)
		usage("cannot read SRCDIR %s: %s", srcdir, strerror(errno));
	if (o->frontend->needs_file != NULL) {
		char path[PATH_MAX];

		fmt(path, sizeof path, "%s/%s", o->srcdir, o->frontend->needs_file);
		if (!file_exists(path))
			usage("%s has no %s: %s", o->srcdir, o->frontend->needs_file,
			    o->frontend->needs_hint);
	}
}

void
parse_options(struct opts *o, int argc, char **argv)
{
	struct option *lo = long_options();
	const char *srcdir = NULL;
	int ch, frontends_given = 0;

	defaults(o);
	find_self(o, argv[0]);
	opterr = 0;
	/* "-": operands in order, as 1; ":": a missing value as ':' */
	while ((ch = getopt_long(argc, argv, "-:h", lo, NULL)) != -1) {
		if (ch == 1)
			set_srcdir(&srcdir, optarg);
		else if (ch == 'h')
			help(o, NULL);
		else if (ch == ':')
			usage("--%s needs a value", option_name(optopt));
		else if (ch == '?')
			bad_option(argv);
		else if (ch >= OPT_FRONTEND) {
			o->frontend = &frontends[ch - OPT_FRONTEND];
			frontends_given++;
		} else
			set_option(o, &optdefs[ch - OPT_DEF], optarg);
	}
	for (; optind < argc; optind++)
		set_srcdir(&srcdir, argv[optind]);	/* after "--" */
	free(lo);
	if (frontends_given > 1)
		usage("give one of --autoconf, --meson, --cmake, --make");
	if (o->which_counter)
		return;
	check_options(o, srcdir);
	choose_frontend(o, srcdir);
}
