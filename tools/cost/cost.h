/*
 * cost.h - shared declarations of harden-cost.  See harden-cost(1).
 *
 *   harden-cost.c  main: set-up, the plan of variants, the phases, clean-up
 *   options.c      the command line (getopt_long) into struct opts
 *   catalog.c      the catalog's features, from harden-flags --list=tsv
 *   frontends.c    the frontends as one table: building a variant, its report
 *   measure.c      running CMD against the variants, and the progress line
 *   run.c          children in their own process group
 *   counter.c      instruction counters: perf_event_open, callgrind
 *   layout.c       layouts: the linker wrapper that shuffles, its seeds
 *   stats.c        medians, bootstrap intervals, Holm's correction
 *   out.c          the table, Markdown, JSON and SVG
 *   util.c         memory, strings, argument vectors, files
 */
#ifndef HARDEN_COST_H
#define HARDEN_COST_H

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#ifndef PATH_MAX
#define PATH_MAX	4096
#endif

#define EXIT_OK		0
#define EXIT_FAILED	1	/* a variant failed, or nothing could be measured */
#define EXIT_USAGE	2

#define MAX_FEATURES	64
/* per feature: without it, alone, its exceptions lifted; the level, none,
 * the control, every exception lifted; the run-time variants */
#define MAX_VARIANTS	(3 * MAX_FEATURES + 4 + MAX_ENV_VARIANTS)
#define NAME_LEN	64
#define MAX_ARGS	64	/* --configure-arg, --make-arg */
#define MAX_ENV_VARIANTS 16	/* --env-variant */
#define MAX_ENV_VARS	16	/* VAR=VALUE of one */
/* Below this many rounds a bootstrap interval only restates the spread of
 * a handful of samples: no interval, no verdict (stats.c). */
#define MIN_PAIRS	5
/* Layouts of a variant: v001-1 ... v001-9, paths of the same length. */
#define MAX_LAYOUTS	9

enum counter { COUNT_NONE, COUNT_PERF, COUNT_CALLGRIND };

/* ---- options.c: the command line, set once, then read only ---- */

struct frontend;

/* --env-variant NAME=VAR=VALUE[,VAR=VALUE...]: the baseline's builds run
 * with these added to the environment. */
struct env_variant {
	char	name[64];
	char	*assign[MAX_ENV_VARS + 1];	/* "VAR=VALUE", NULL-terminated */
	int	nassign;
};

struct opts {
	const struct frontend *frontend;
	char	srcdir[PATH_MAX];	/* absolute */
	char	self[PATH_MAX];		/* this program, for the perf wrapper */
	const char *run;		/* CMD */
	const char *level;
	const char *figure;		/* NULL: time */
	int	higher_is_better;
	int	cpu_time;		/* CPU time, not wall time */
	int	rounds;			/* fixed count; adaptive: the maximum */
	int	layouts;		/* builds of each variant (--layouts) */
	int	adaptive, max_rounds;
	double	precision;		/* adaptive: stop at this CI half-width */
	int	single, keep, reuse, quiet, jobs;
	int	lift_exceptions;	/* --lift-exceptions */
	const char *lift_only;		/* --lift-exceptions=LIST */
	double	timeout;
	const char *only;		/* --features LIST */
	const char *json, *markdown, *svg;	/* "-" is standard output */
	int	table;			/* the table on standard output */
	const char *catalog;		/* --catalog: a directory or features.txt */
	const char *flags_driver;	/* --harden-flags */
	const char *base_cflags;
	const char *config_args[MAX_ARGS];
	int	nconfig_args;
	const char *make_args[MAX_ARGS];
	int	nmake_args;
	struct env_variant env_variants[MAX_ENV_VARIANTS];
	int	nenv_variants;
	const char *workdir;		/* --workdir */
	uint64_t seed;
	const char *counter_wanted;	/* --instructions */
	int	which_counter;
};

extern const char harden_version[];	/* harden-cost.c */

void	parse_options(struct opts *, int argc, char **argv);
void	usage(const char *fmt, ...)
	    __attribute__((noreturn, format(printf, 1, 2)));

/* ---- the run state ---- */

/* One feature row of a report. */
struct feature {
	char	name[NAME_LEN];
	char	state[16];		/* on, off, unsupported, builder */
	char	value[NAME_LEN];	/* the value when on, else "" */
	char	reason[256];		/* why not on, or "" */
	char	needs[NAME_LEN];	/* the catalog's needs=F, or "" */
};

/* One feature of the catalog. */
struct catalog_feature {
	char	name[NAME_LEN];
	char	needs[NAME_LEN];	/* needs=F of its requirements, or "" */
};

enum variant_kind { VAR_NONE, VAR_LEVEL, VAR_WITHOUT, VAR_SINGLE, VAR_CONTROL, VAR_ENV, VAR_LIFTED };
enum variant_status { ST_PENDING, ST_OK, ST_BUILD_FAILED, ST_RUN_FAILED };

struct variant {
	char	name[2 * NAME_LEN + 16];
	enum variant_kind kind;
	char	feature[NAME_LEN];	/* VAR_WITHOUT, VAR_SINGLE */
	char	needed[NAME_LEN];	/* VAR_SINGLE: a feature it needs, on too */
	const struct env_variant *env;	/* VAR_ENV: its environment; it runs
					 * the baseline's builds (dir) */
	char	dir[PATH_MAX];		/* stem of its layouts' build directories:
					 * WORKDIR/v001 for v001-1 ... (layout_dir) */
	char	link[PATH_MAX];		/* WORKDIR/NAME, a link to its first layout */
	char	log[PATH_MAX];		/* build log, or the log of the failed run */
	enum variant_status status;
	char	failure[512];		/* what failed */
	char	enabled[1024];		/* its report's enabled= */
	double	build_seconds;
	double	*samples;		/* per round: seconds or figure; NAN if not run */
	double	*counts;		/* per round (perf): instructions; NAN */
	double	instructions;		/* median count; NAN when not counted */
};

enum cmp_kind { CMP_FEATURE, CMP_LEVEL, CMP_SINGLE, CMP_ENV, CMP_LIFTED, CMP_CONTROL };

/* One cost: the variant "with" against the variant "without". */
struct comparison {
	enum cmp_kind kind;
	char	name[2 * NAME_LEN + 16];
	int	with, without;		/* variant indexes */
	char	also[256];		/* other features the without variant lacks */
	int	failed;			/* one of the two variants failed */
	int	pairs;			/* rounds where both ran */
	double	ratio, low, high;	/* time cost: median and interval; NAN */
	double	confidence;		/* of the interval (Holm), or NAN */
	int	tail;			/* bootstrap medians beyond 1; -1: none */
	double	p;			/* of the ratio 1 (bootstrap or t); NAN: none */
	double	se;			/* layouts: standard error of the cost */
	int	df;			/* layouts: its degrees of freedom; 0: bootstrap */
	int	resolved;		/* the interval excludes 1 (Holm) */
	double	sd_layouts, sd_runs;	/* spread of the ratio between layouts,
					 * and between runs of one layout; NAN */
	double	iratio;			/* instructions with / without; NAN */
};

struct cost {
	const struct opts *o;

	/* set up once */
	enum counter counter;
	char	counter_reason[256];
	char	driver[PATH_MAX];	/* harden-flags, or "" */
	char	catalog_dir[PATH_MAX];	/* its --catalog=DIR, or "" */
	char	workdir[PATH_MAX];	/* absolute */
	int	workdir_made;		/* created here: removed when empty */

	/* the catalog, and the first build's report */
	struct catalog_feature catalog[MAX_FEATURES];
	int	ncatalog;
	struct feature features[MAX_FEATURES];
	int	nfeatures;

	struct variant variants[MAX_VARIANTS];
	int	nvariants;
	struct comparison cmps[MAX_VARIANTS];
	int	ncmps;
	int	ntested;		/* comparisons with an interval (Holm's m) */
	int	too_noisy;		/* the control resolved: no time verdicts */
	char	layout_means[256];	/* what the linker wrapper could shuffle */
	int	rounds_done;
	int	interrupted;
	uint64_t rng;
};

/* ---- catalog.c ---- */
void	catalog_setup(struct cost *);
int	unknown_features(const struct cost *);
int	wanted_feature(const struct cost *, const char *name);
const char *catalog_needs(const struct cost *, const char *name);

/* ---- layout.c ---- */
void	layout_setup(struct cost *);
void	layout_dir(const struct variant *, int layout, char *buf, size_t len);
int	round_layout(const struct cost *, int round);
unsigned long layout_seed(const struct cost *, const struct variant *, int layout);
void	layout_ldflags(const struct cost *, char *buf, size_t len);
void	layout_summary(struct cost *);

/* ---- frontends.c ---- */
struct report {
	char	flags[5][2048];	/* cppflags cflags exe_cflags ldflags exe_ldflags */
	char	enabled[1024];
	struct feature rows[MAX_FEATURES];
	int	nrows;
};

enum name_case { NAME_AS_IS, NAME_UNDERSCORE, NAME_UPPER };

#define STEP_CONFIGURE	1	/* skipped when a build directory is reused */
#define STEP_IN_BUILD	2	/* runs in the build directory */
#define STEP_REPORT	4	/* writes the report: CFLAGS=--cflags */

/* A command of a build.  Each word is copied with @NAME@ replaced; the
 * words @CONFIG_ARGS@, @MAKE_ARGS@ and @VARIANT@ stand for several, and
 * @CATALOG@ for --catalog=DIR or nothing. */
struct step {
	const char *argv[12];
	unsigned flags;
};

struct frontend {
	const char *name;		/* --NAME, and in the reports */
	const char *files[2];		/* the SRCDIR files that select it */
	const char *needs_file;		/* SRCDIR/needs_file must exist */
	const char *needs_hint;		/* how to make it */
	int	needs_driver;		/* runs harden-flags itself */
	const char *level_option;	/* followed by the level */
	const char *feature_option[2][2]; /* [on]: before and after the name */
	enum name_case name_case;	/* of the feature in its option */
	const char *report_under;	/* NULL: BUILD/harden-report.txt; else
					 * in BUILD/under/harden...: a wrap */
	struct step steps[3];
};

extern const struct frontend frontends[];
extern const int nfrontends;
const struct frontend *frontend_detect(const char *srcdir);
int	build_variant(struct cost *, struct variant *);
int	read_report_file(const char *path, struct report *);
void	enabled_value(const char *enabled, const char *feature, char *out,
	    size_t len);

/* ---- measure.c ---- */
struct clock {
	double	build_sum, run_sum, count_sum;
	int	builds, runs, counts;
	int	builds_left, runs_left, counts_left;
};

void	progress(const struct cost *, const struct clock *, const char *what,
	    int major);
void	time_rounds(struct cost *, struct clock *);
void	count_callgrind(struct cost *, struct clock *);

/* ---- run.c: children in their own process group ---- */
extern volatile sig_atomic_t cost_signalled;

struct proc_result {
	int	status;		/* exit code, 128+signal, 127 exec failure */
	double	seconds;	/* wall time until the command exited */
	double	cpu_seconds;	/* user+system time of it and its descendants */
	int	timed_out;
};

void	proc_init(void);
void	set_handler(int sig, void (*fn)(int));
int	proc_run(char *const argv[], const char *cwd, char *const env[],
	    const char *log, int append, double timeout, struct proc_result *);
int	proc_lines(char *const argv[], void (*fn)(char *line, void *arg),
	    void *arg);
double	now_seconds(void);

/* ---- counter.c ---- */
enum counter counter_detect(const char *wanted, char *reason, size_t len);
int	count_instructions_main(int argc, char **argv);
int	read_perf_counts(const char *file, double *total);
int	read_callgrind_totals(const char *dir, double *total);

/* ---- stats.c ---- */
uint64_t rng_next(uint64_t *state);
double	median(const double *v, int n);
void	compare_all(struct cost *);
int	cmp_resolved(const struct comparison *);
void	sort_comparisons(const struct cost *, int *order);

/* ---- out.c ---- */
void	print_table(const struct cost *, FILE *);
void	print_markdown(const struct cost *, FILE *);
void	print_json(const struct cost *, FILE *);
int	write_svg(const struct cost *, const char *path);

/* ---- util.c ---- */
/* A NULL-terminated argument vector built one argument at a time. */
struct args {
	char	*v[256];
	int	n;
};

void	*xmalloc(size_t);
char	*xprintf(const char *format, ...)
	    __attribute__((format(printf, 1, 2)));
void	args_add(struct args *, const char *format, ...)
	    __attribute__((format(printf, 2, 3)));
void	args_clear(struct args *);
int	fmt(char *buf, size_t len, const char *format, ...)
	    __attribute__((format(printf, 3, 4)));
void	copy_str(char *dst, size_t len, const char *src);
void	trim_newline(char *s);
int	file_exists(const char *path);
char	*find_in_path(const char *prog, char *buf, size_t len);
int	remove_tree(const char *path);
int	make_dirs(const char *path);

#endif
