/*
 * measure.c - running CMD against the variants: timed rounds (each runs
 * every variant once, in a shuffled order, so that a slow phase of the
 * machine hits all of them, and in one of its layouts, the next in the
 * next round), the callgrind counts, and the progress line.
 */
#define _XOPEN_SOURCE	700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

enum run_mode { RUN_TIMED, RUN_CALLGRIND };

/* A timed run's random padding: from 0 to a page less one byte, so the
 * initial stack takes every alignment a page allows. */
#define RANDOM_PAD	4096

/* ---- progress ---- */

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

/* "about 3m10s left", from the builds, runs and counts done so far. */
static void
time_left(const struct cost *c, const struct clock *k, char *buf, size_t len)
{
	double run = k->runs ? k->run_sum / k->runs : 0;
	double build = k->builds ? k->build_sum / k->builds : 0;
	/* callgrind runs some 50 times slower than the program */
	double count = k->counts ? k->count_sum / k->counts : 50 * run;
	double left = build * k->builds_left + run * k->runs_left + count * k->counts_left;
	char d[24];

	if (k->builds == 0 || (k->runs_left && !k->runs && c->rounds_done == 0 && !k->counts)) {
		copy_str(buf, len, k->builds ? "time left unknown yet" : "estimating");
		return;
	}
	format_duration(d, sizeof d, left);
	fmt(buf, len, "about %s left", d);
}

/* what NULL clears the line.  Without a terminal only major steps (a
 * build, a round, a count) print, one line each. */
void
progress(const struct cost *c, const struct clock *k, const char *what, int major)
{
	static int tty = -1;
	char eta[32];

	if (c->o->quiet)
		return;
	if (tty < 0)
		tty = isatty(2);
	if (what == NULL) {
		if (tty)
			fputs("\r\033[K", stderr);
		return;
	}
	time_left(c, k, eta, sizeof eta);
	if (tty)
		fprintf(stderr, "\r\033[Kharden-cost: %s (%s)", what, eta);
	else if (major)
		fprintf(stderr, "harden-cost: %s (%s)\n", what, eta);
	fflush(stderr);
}

/* ---- one run ---- */

/* The end of a figure: the end of the line, a blank, a quote or a comma. */
static int
figure_end(int ch)
{
	return ch == '\0' || strchr(" \t\r\n\",", ch) != NULL;
}

/*
 * The figure: the number after text (after blanks, quotes and commas) on
 * the last line of the output that has text.  0 with *value set, or -1
 * with why set when there is none, or when what follows is not a finite
 * positive number with nothing glued to it ("inf", "0", "-3", "12ms"): a
 * wrong figure must fail the run, not become a cost of 0 %.
 */
static int
read_figure(const char *log, const char *text, double *value, char *why, size_t len)
{
	FILE *f = fopen(log, "r");
	char line[8192], after[8192], *p, *last, *end;
	int found = 0;

	if (f == NULL) {
		fmt(why, len, "cannot read the output of the command (%s)", log);
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		last = NULL;
		for (p = line; (p = strstr(p, text)) != NULL; p++)
			last = p;
		if (last == NULL)
			continue;
		copy_str(after, sizeof after, last + strlen(text));
		found = 1;
	}
	fclose(f);
	if (!found) {
		fmt(why, len, "no '%s' in the output of the command", text);
		return -1;
	}
	trim_newline(after);
	for (p = after; *p == ' ' || *p == '\t' || *p == '"' || *p == ','; p++)
		;
	*value = strtod(p, &end);
	if (end != p && figure_end(*end) && isfinite(*value) && *value > 0)
		return 0;
	for (end = p; !figure_end(*end); end++)
		;
	if (end == p)
		fmt(why, len, "no number after '%s' in the output of the command", text);
	else
		fmt(why, len, "'%.*s' after '%s' in the output of the command is not a "
		    "finite positive number", (int)(end - p < 64 ? end - p : 64), p, text);
	return -1;
}

/*
 * The size of the environment moves the initial stack, and with it the
 * alignment of stack buffers and the instructions string functions
 * execute (0.14% on costbench parse; Mytkowicz et al., ASPLOS 2009).  So
 * no variant gets an environment of its own size: build directories of
 * the same length (v001-1, ...) and HARDEN_COST_PAD making up for the
 * length of HARDEN_COST_VARIANT and a run-time variant's own variables;
 * then each timed run adds a random length,
 * so that the alignment is part of the noise between runs, not of one
 * variant's cost.  Callgrind's count stays the same from run to run: no
 * random part.
 */
static size_t
env_size(const struct variant *v)
{
	size_t n = strlen(v->name);

	for (int i = 0; v->env != NULL && i < v->env->nassign; i++)
		n += strlen(v->env->assign[i]) + 1;
	return n;
}

static char *
env_padding(struct cost *c, const struct variant *v, enum run_mode mode)
{
	size_t longest = 0, n;
	char *pad;

	for (int i = 0; i < c->nvariants; i++)
		if (env_size(&c->variants[i]) > longest)
			longest = env_size(&c->variants[i]);
	n = longest - env_size(v);
	if (mode == RUN_TIMED)
		n += (size_t)(rng_next(&c->rng) % RANDOM_PAD);
	pad = xmalloc(n + sizeof "HARDEN_COST_PAD=");
	memcpy(pad, "HARDEN_COST_PAD=", sizeof "HARDEN_COST_PAD=" - 1);
	memset(pad + sizeof "HARDEN_COST_PAD=" - 1, 'x', n);
	pad[n + sizeof "HARDEN_COST_PAD=" - 1] = '\0';
	return pad;
}

#define RUN_ENV	(9 + MAX_ENV_VARS)

/* The environment of a run (env[RUN_ENV]): harden-cost's, then a run-time
 * variant's own; and where its counts go. */
static void
run_env(struct cost *c, const struct variant *v, int round, enum run_mode mode,
    char *counts, size_t len, char **env)
{
	int layout = mode == RUN_TIMED ? round_layout(c, round) : 0;
	char dir[PATH_MAX];
	const char *build;

	layout_dir(v, layout, dir, sizeof dir);
	build = strrchr(dir, '/') + 1;

	if (mode == RUN_CALLGRIND) {
		fmt(counts, len, "%s/counts/%s", c->workdir, build);
		remove_tree(counts);
		make_dirs(counts);
		env[0] = xprintf("HARDEN_COST_WRAP=valgrind --tool=callgrind -q "
		    "--callgrind-out-file=%s/callgrind.%%p", counts);
	} else if (c->counter == COUNT_PERF) {
		fmt(counts, len, "%s/counts/%s.r%03d", c->workdir, build, round);
		remove(counts);
		env[0] = xprintf("HARDEN_COST_WRAP=%s --count-instructions %s --",
		    c->o->self, counts);
	} else
		env[0] = xprintf("HARDEN_COST_WRAP=");
	env[1] = xprintf("HARDEN_COST_BUILDDIR=%s", dir);
	env[2] = xprintf("HARDEN_COST_VARIANT=%s", v->name);
	env[3] = xprintf("HARDEN_COST_SRCDIR=%s", c->o->srcdir);
	env[4] = xprintf("HARDEN_COST_ROUND=%d", round + 1);
	env[5] = xprintf("HARDEN_COST_WORKDIR=%s", c->workdir);
	env[6] = env_padding(c, v, mode);
	env[7] = xprintf("HARDEN_COST_LAYOUT=%d", layout + 1);
	env[8] = NULL;
	for (int i = 0; v->env != NULL && i < v->env->nassign; i++) {
		env[8 + i] = xprintf("%s", v->env->assign[i]);
		env[9 + i] = NULL;
	}
}

/* What a run that exited 0 measured into v; else the failure, and -1. */
static int
take_sample(const struct cost *c, struct variant *v, int round, enum run_mode mode,
    const char *log, const char *counts, const struct proc_result *r)
{
	if (r->status != 0)
		fmt(v->failure, sizeof v->failure, "%s%s failed: %s %d",
		    mode == RUN_CALLGRIND ? "under callgrind, " : "", "the command",
		    r->timed_out ? "timed out, status" : "exit status", r->status);
	else if (mode == RUN_CALLGRIND) {
		if (read_callgrind_totals(counts, &v->instructions) == 0)
			return 0;
		fmt(v->failure, sizeof v->failure, "no callgrind output: does the command "
		    "put $HARDEN_COST_WRAP in front of the program?");
		v->instructions = NAN;
	} else if (c->o->figure == NULL || read_figure(log, c->o->figure,
	    &v->samples[round], v->failure, sizeof v->failure) == 0) {
		if (c->o->figure == NULL)
			v->samples[round] = c->o->cpu_time ? r->cpu_seconds : r->seconds;
		if (c->counter == COUNT_PERF &&
		    read_perf_counts(counts, &v->counts[round]) != 0)
			v->counts[round] = NAN;
		return 0;
	} else
		v->samples[round] = NAN;
	return -1;
}

/* Runs CMD once against v.  0 ok (sample stored), -1 failed or interrupted. */
static int
run_variant(struct cost *c, struct variant *v, int round, enum run_mode mode, struct clock *k)
{
	char log[PATH_MAX], counts[PATH_MAX] = "", *env[RUN_ENV];
	char *argv[4] = { "sh", "-c", NULL, NULL };
	struct proc_result r;
	int rc = -1;

	argv[2] = (char *)c->o->run;
	fmt(log, sizeof log, "%s/logs/%s.%s.log", c->workdir, v->name,
	    mode == RUN_CALLGRIND ? "callgrind" : "run");
	run_env(c, v, round, mode, counts, sizeof counts, env);
	if (proc_run(argv, NULL, env, log, 0, c->o->timeout, &r) < 0)
		c->interrupted = 1;
	else {
		if (mode == RUN_CALLGRIND) {
			k->count_sum += r.seconds;
			k->counts++;
		} else {
			k->run_sum += r.seconds;
			k->runs++;
		}
		if ((rc = take_sample(c, v, round, mode, log, counts, &r)) != 0) {
			v->status = ST_RUN_FAILED;
			copy_str(v->log, sizeof v->log, log);
		}
	}
	for (int i = 0; env[i] != NULL; i++)
		free(env[i]);
	return rc;
}

/* ---- rounds ---- */

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
precise_enough(struct cost *c)
{
	compare_all(c);
	for (int i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[i];
		if (m->failed || isnan(m->ratio))
			continue;
		if (!cmp_resolved(m) && (m->high - m->low) / 2 * 100 > c->o->precision)
			return 0;
	}
	return 1;
}

/* Round r: every variant that is still ok, once, in a shuffled order. */
static void
time_round(struct cost *c, struct clock *k, int r)
{
	int order[MAX_VARIANTS], n = 0;
	char what[512];

	for (int i = 0; i < c->nvariants; i++)
		if (c->variants[i].status == ST_OK)
			order[n++] = i;
	shuffle(order, n, &c->rng);
	k->runs_left = n * (c->o->rounds - r);
	for (int i = 0; i < n && !c->interrupted; i++) {
		struct variant *v = &c->variants[order[i]];
		if (v->status != ST_OK)
			continue;
		fmt(what, sizeof what, "round %d of %d%s: running %s", r + 1,
		    c->o->rounds, c->o->adaptive ? " at most" : "", v->name);
		progress(c, k, what, i == 0);
		k->runs_left--;
		run_variant(c, v, r, RUN_TIMED, k);
	}
}

/* The timed rounds; with perf, the median instruction count of each
 * variant over them. */
void
time_rounds(struct cost *c, struct clock *k)
{
	k->counts_left = c->counter == COUNT_CALLGRIND ? count_ok(c) : 0;
	for (int r = 0; r < c->o->rounds && !c->interrupted; r++) {
		time_round(c, k, r);
		if (!c->interrupted)
			c->rounds_done = r + 1;
		if (c->o->adaptive && r + 1 >= 5 && precise_enough(c))
			break;
	}
	if (c->interrupted || c->counter != COUNT_PERF || c->rounds_done == 0)
		return;
	for (int i = 0; i < c->nvariants; i++)
		c->variants[i].instructions = median(c->variants[i].counts, c->rounds_done);
}

/* Instructions with callgrind: one run per variant (deterministic). */
void
count_callgrind(struct cost *c, struct clock *k)
{
	char what[512];

	k->runs_left = 0;
	k->counts_left = count_ok(c);
	for (int i = 0; i < c->nvariants && !c->interrupted; i++) {
		struct variant *v = &c->variants[i];
		if (v->status != ST_OK)
			continue;
		fmt(what, sizeof what, "counting instructions of %s with callgrind", v->name);
		progress(c, k, what, 1);
		k->counts_left--;
		run_variant(c, v, 0, RUN_CALLGRIND, k);
	}
}
