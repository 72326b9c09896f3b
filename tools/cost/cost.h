/*
 * cost.h - shared declarations of harden-cost (harden-cost.c, cost-proc.c,
 * cost-out.c).  See harden-cost(1).
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
#define MAX_VARIANTS	(2 * MAX_FEATURES + 2)
#define NAME_LEN	64

enum frontend { FRONT_AUTOCONF, FRONT_MESON, FRONT_CMAKE, FRONT_MAKE };
enum counter { COUNT_NONE, COUNT_PERF, COUNT_CALLGRIND };

/* One feature row of the first build's report. */
struct feature {
	char	name[NAME_LEN];
	char	state[16];		/* on, off, unsupported, builder */
	char	value[NAME_LEN];	/* the value when on, else "" */
	char	reason[256];		/* why not on, or "" */
	char	needs[NAME_LEN];	/* catalog needs=F, or "" */
};

enum variant_kind { VAR_NONE, VAR_LEVEL, VAR_WITHOUT, VAR_SINGLE };
enum variant_status { ST_PENDING, ST_OK, ST_BUILD_FAILED, ST_RUN_FAILED };

struct variant {
	char	name[2 * NAME_LEN + 16];
	enum variant_kind kind;
	char	feature[NAME_LEN];	/* VAR_WITHOUT, VAR_SINGLE */
	char	needed[NAME_LEN];	/* VAR_SINGLE: a feature it needs, on too */
	char	dir[PATH_MAX];		/* build directory: WORKDIR/v001 ... */
	char	link[PATH_MAX];		/* WORKDIR/NAME, a link to it */
	char	log[PATH_MAX];		/* build log, or the log of the failed run */
	enum variant_status status;
	char	failure[512];		/* what failed */
	char	enabled[1024];		/* its report's enabled= */
	double	build_seconds;
	double	*samples;		/* per round: seconds or figure; NAN if not run */
	double	*counts;		/* per round (perf): instructions; NAN */
	double	instructions;		/* median count; NAN when not counted */
};

enum cmp_kind { CMP_FEATURE, CMP_LEVEL, CMP_SINGLE };

/* One cost: the variant "with" against the variant "without". */
struct comparison {
	enum cmp_kind kind;
	char	name[2 * NAME_LEN + 16];
	int	with, without;		/* variant indexes */
	char	also[256];		/* other features the without variant lacks */
	int	failed;			/* one of the two variants failed */
	int	pairs;			/* rounds where both ran */
	double	ratio, low, high;	/* time cost: median and 95% CI; NAN */
	double	iratio;			/* instructions with / without; NAN */
};

struct cost {
	/* options */
	enum frontend frontend;
	const char *srcdir;		/* absolute */
	const char *run;		/* CMD */
	const char *level;
	const char *figure;		/* NULL: wall time */
	int	higher_is_better;
	int	cpu_time;		/* measure CPU time, not wall time */
	int	rounds;			/* fixed count, or 0 with adaptive */
	int	adaptive, max_rounds;
	double	precision;		/* adaptive: stop at this CI half-width */
	int	single, keep, reuse, quiet, jobs;
	double	timeout;
	const char *only;		/* --features LIST */
	const char *json, *markdown, *svg;	/* "-" is standard output */
	int	table;			/* print the table on standard output */
	const char *catalog, *flags_driver, *base_cflags;
	const char *config_args[64];
	int	nconfig_args;
	const char *make_args[64];
	int	nmake_args;
	const char *workdir;
	int	workdir_made;		/* created by us: removed when empty */
	uint64_t seed;
	enum counter counter;
	char	counter_reason[256];
	const char *self;		/* this program, for the perf wrapper */

	/* catalog and first report */
	char	catalog_names[MAX_FEATURES][NAME_LEN];
	char	catalog_needs[MAX_FEATURES][NAME_LEN];
	int	ncatalog;
	struct feature features[MAX_FEATURES];
	int	nfeatures;
	char	compiler[128];

	struct variant variants[MAX_VARIANTS];
	int	nvariants;
	struct comparison cmps[MAX_VARIANTS];
	int	ncmps;
	int	rounds_done;
	int	interrupted;
};

/* cost-proc.c: children in their own process group, counters, files. */
extern volatile sig_atomic_t cost_signalled;

struct proc_result {
	int	status;		/* exit code, 128+signal, 127 exec failure */
	double	seconds;	/* wall time until the command exited */
	double	cpu_seconds;	/* user+system time of it and its descendants */
	int	timed_out;
};

void	proc_init(void);
int	proc_run(char *const argv[], const char *cwd, char *const env[],
	    const char *log, int append, double timeout, struct proc_result *);
double	now_seconds(void);
enum counter counter_detect(const char *wanted, char *reason, size_t len);
int	count_instructions_main(int argc, char **argv);
int	read_perf_counts(const char *file, double *total);
int	read_callgrind_totals(const char *dir, double *total);
int	remove_tree(const char *path);
int	make_dirs(const char *path);
char	*find_in_path(const char *prog, char *buf, size_t len);
int	file_exists(const char *path);
int	fmt(char *buf, size_t len, const char *format, ...)
	    __attribute__((format(printf, 3, 4)));

/* cost-out.c: statistics and reports. */
uint64_t rng_next(uint64_t *state);
double	median(const double *v, int n);
int	ratio_ci(const double *with, const double *without, int n,
	    int higher_is_better, uint64_t *rng, double *med, double *low,
	    double *high);
void	compare_all(struct cost *, uint64_t *rng);
int	cmp_resolved(const struct comparison *);
void	sort_comparisons(struct cost *, int *order);
void	print_table(struct cost *, FILE *);
void	print_json(struct cost *, FILE *);
void	print_markdown(struct cost *, FILE *);
int	write_svg(struct cost *, const char *path);

extern const char *const cost_note;

#endif
