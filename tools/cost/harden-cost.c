/*
 * harden-cost - measure what each hardening feature costs on a workload.
 *
 * usage: harden-cost [--autoconf|--meson|--cmake|--make] SRCDIR --run CMD
 *            [options]
 *
 * Builds SRCDIR through its harden frontend once per variant (none, the
 * level, the level without each feature that is on, optionally none plus
 * each feature, and the control: the baseline again) and layout (layout.c),
 * runs CMD against every variant in interleaved rounds, and
 * reports for each feature the time (or a figure CMD prints) with a
 * bootstrap interval that holds for the whole report (Holm's correction),
 * and the instructions executed (perf_event_open,
 * else callgrind).  Exit 0 when every variant was measured, 1 when one
 * failed or nothing could be measured, 2 on usage errors.  See
 * harden-cost(1).
 *
 * This file: the set-up, the plan of variants, the phases (builds, timed
 * rounds, callgrind counts, reports) and the clean-up.
 */
#define _XOPEN_SOURCE	700
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost.h"

#ifndef HARDEN_VERSION
#define HARDEN_VERSION	"unknown"	/* tools/Makefile sets it from VERSION */
#endif

const char harden_version[] = HARDEN_VERSION;

/* ---- set-up ---- */

static int
has_blank(const char *s)
{
	return strpbrk(s, " \t\n") != NULL;
}

/* The work directory: --workdir (made if need be), else a new one in
 * TMPDIR; with its logs/ and counts/. */
static void
make_workdir(struct cost *c)
{
	const char *tmp = getenv("TMPDIR");
	char path[PATH_MAX];

	if (c->o->workdir == NULL) {
		fmt(c->workdir, sizeof c->workdir, "%s/harden-cost.XXXXXX",
		    tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(c->workdir) == NULL)
			err(EXIT_FAILED, "cannot create a work directory %s", c->workdir);
		c->workdir_made = 1;
	} else if (make_dirs(c->o->workdir) != 0 || realpath(c->o->workdir, c->workdir) == NULL)
		err(EXIT_FAILED, "cannot create the work directory %s", c->o->workdir);
	if (has_blank(c->workdir))
		usage("the work directory must not contain blanks (LDFLAGS, which names "
		    "the layouts' linker, is split on them): use --workdir");
	if (c->counter != COUNT_NONE && has_blank(c->o->self))
		usage("harden-cost's path must not contain blanks (HARDEN_COST_WRAP is split "
		    "on them)");
	fmt(path, sizeof path, "%s/logs", c->workdir);
	make_dirs(path);
	fmt(path, sizeof path, "%s/counts", c->workdir);
	make_dirs(path);
}

/* Everything before the first build.  Returns only when there is one. */
static void
setup(struct cost *c)
{
	const struct opts *o = c->o;

	c->counter = counter_detect(o->counter_wanted, c->counter_reason,
	    sizeof c->counter_reason);
	if (o->which_counter) {
		printf("%s", c->counter == COUNT_PERF ? "perf" :
		    c->counter == COUNT_CALLGRIND ? "callgrind" : "none");
		printf(*c->counter_reason ? " (%s)\n" : "\n", c->counter_reason);
		exit(EXIT_OK);
	}
	catalog_setup(c);
	if (c->counter == COUNT_NONE && o->rounds == 0)
		errx(EXIT_FAILED, "nothing to measure: no instruction counter (%s) and --rounds 0",
		    c->counter_reason);
	make_workdir(c);
	layout_setup(c);
	proc_init();
	c->rng = o->seed;
}

/* ---- the plan ---- */

static struct variant *
add_variant(struct cost *c, enum variant_kind kind, const char *feature, const char *needed)
{
	struct variant *v = &c->variants[c->nvariants++];
	const struct opts *o = c->o;

	memset(v, 0, sizeof *v);
	v->kind = kind;
	copy_str(v->feature, sizeof v->feature, feature ? feature : "");
	copy_str(v->needed, sizeof v->needed, needed ? needed : "");
	if (kind == VAR_NONE)
		copy_str(v->name, sizeof v->name, "none");
	else if (kind == VAR_LEVEL)
		copy_str(v->name, sizeof v->name, o->level);
	else if (kind == VAR_WITHOUT)
		fmt(v->name, sizeof v->name, "%s-no-%s", o->level, feature);
	else if (kind == VAR_CONTROL)
		fmt(v->name, sizeof v->name, "%s-control", c->variants[0].name);
	else if (kind == VAR_ENV)
		fmt(v->name, sizeof v->name, "%s+env-%s", c->variants[0].name, feature);
	else if (kind == VAR_LIFTED && *v->feature)
		fmt(v->name, sizeof v->name, "%s-no-%s-exceptions", o->level, feature);
	else if (kind == VAR_LIFTED)
		fmt(v->name, sizeof v->name, "%s-no-exceptions", o->level);
	else
		fmt(v->name, sizeof v->name, "none+%s%s%s", v->needed,
		    *v->needed ? "+" : "", feature);
	/* Same-length paths for every variant and layout: see env_padding(). */
	fmt(v->dir, sizeof v->dir, "%s/v%03d", c->workdir, c->nvariants);
	fmt(v->link, sizeof v->link, "%s/%s", c->workdir, v->name);
	fmt(v->log, sizeof v->log, "%s/logs/%s.build.log", c->workdir, v->name);
	v->samples = xmalloc(sizeof(double) * (size_t)(o->max_rounds + 1));
	v->counts = xmalloc(sizeof(double) * (size_t)(o->max_rounds + 1));
	for (int i = 0; i <= o->max_rounds; i++)
		v->samples[i] = v->counts[i] = NAN;
	v->instructions = NAN;
	return v;
}

static void
add_comparison(struct cost *c, enum cmp_kind kind, const char *name, int with, int without)
{
	struct comparison *m = &c->cmps[c->ncmps++];

	memset(m, 0, sizeof *m);
	m->kind = kind;
	copy_str(m->name, sizeof m->name, name);
	m->with = with;
	m->without = without;
}

/* The level first (its report says which features are on), then none. */
static void
plan_variants(struct cost *c)
{
	char name[NAME_LEN + 16];
	int level = -1, none;

	if (strcmp(c->o->level, "none")) {
		level = c->nvariants;
		add_variant(c, VAR_LEVEL, NULL, NULL);
	}
	none = c->nvariants;
	add_variant(c, VAR_NONE, NULL, NULL);
	if (level >= 0) {
		fmt(name, sizeof name, "%s vs none", c->o->level);
		add_comparison(c, CMP_LEVEL, name, level, none);
	}
}

/* --single at level none: each feature the level's report would allow;
 * else each feature that is on. */
static int
single_candidate(const struct cost *c, const char *name)
{
	int on = 0;

	for (int j = 0; j < c->nfeatures; j++)
		if (!strcmp(c->features[j].name, name))
			on = !strcmp(c->features[j].state, "on") ||
			    (!strcmp(c->o->level, "none") && !strcmp(c->features[j].state, "off"));
	return on && wanted_feature(c, name);
}

/* After the first build: the level without each feature that is on, and
 * with --single none plus each feature (and the one it needs). */
static void
plan_feature_variants(struct cost *c)
{
	int at_level = strcmp(c->o->level, "none") != 0, none = at_level ? 1 : 0;
	char name[2 * NAME_LEN + 16];

	for (int i = 0; i < c->nfeatures; i++) {
		struct feature *f = &c->features[i];
		copy_str(f->needs, sizeof f->needs, catalog_needs(c, f->name));
		if (!at_level || strcmp(f->state, "on") || !wanted_feature(c, f->name))
			continue;
		add_comparison(c, CMP_FEATURE, f->name, 0, c->nvariants);
		add_variant(c, VAR_WITHOUT, f->name, NULL);
	}
	for (int i = 0; c->o->single && i < c->ncatalog; i++) {
		const char *feature = c->catalog[i].name, *needed = c->catalog[i].needs;
		if (!single_candidate(c, feature))
			continue;
		fmt(name, sizeof name, "none+%s%s%s", needed, *needed ? "+" : "", feature);
		add_comparison(c, CMP_SINGLE, name, c->nvariants, none);
		add_variant(c, VAR_SINGLE, feature, needed);
	}
	/* the run-time variants: the baseline's builds, another environment */
	for (int i = 0; i < c->o->nenv_variants; i++) {
		const struct env_variant *e = &c->o->env_variants[i];
		struct variant *v;
		add_comparison(c, CMP_ENV, e->name, c->nvariants, 0);
		v = add_variant(c, VAR_ENV, e->name, NULL);
		v->env = e;
		copy_str(v->dir, sizeof v->dir, c->variants[0].dir);
		copy_str(v->link, sizeof v->link, c->variants[0].link);
		copy_str(v->log, sizeof v->log, c->variants[0].log);
	}
	/* the level again with the targets' exceptions lifted: all, or
	 * those of each listed feature */
	if (c->o->lift_exceptions && c->o->lift_only == NULL) {
		add_comparison(c, CMP_LIFTED, "exceptions lifted", c->nvariants, 0);
		add_variant(c, VAR_LIFTED, NULL, NULL);
	}
	if (c->o->lift_only != NULL) {
		char *copy = xprintf("%s", c->o->lift_only), *tok, *save = NULL;
		for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			fmt(name, sizeof name, "%s exceptions lifted", tok);
			add_comparison(c, CMP_LIFTED, name, c->nvariants, 0);
			add_variant(c, VAR_LIFTED, tok, NULL);
		}
		free(copy);
	}
	/* the control: the baseline (the level, or none) in other layouts */
	fmt(name, sizeof name, "%s vs itself", c->variants[0].name);
	add_comparison(c, CMP_CONTROL, name, c->nvariants, 0);
	add_variant(c, VAR_CONTROL, NULL, NULL);
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

/* ---- the phases ---- */

static void
cleanup(struct cost *c, int failures, int keep)
{
	char path[PATH_MAX];

	if (keep) {
		if (!c->o->quiet)
			fprintf(stderr, "harden-cost: build directories kept in %s\n", c->workdir);
		return;
	}
	for (int i = 0; i < c->nvariants; i++) {
		if (c->variants[i].status == ST_BUILD_FAILED || c->variants[i].kind == VAR_ENV)
			continue;
		for (int l = 0; l < c->o->layouts; l++) {
			layout_dir(&c->variants[i], l, path, sizeof path);
			remove_tree(path);
		}
		remove(c->variants[i].link);
	}
	fmt(path, sizeof path, "%s/layouts", c->workdir);
	remove_tree(path);
	fmt(path, sizeof path, "%s/counts", c->workdir);
	remove_tree(path);
	if (failures) {
		fprintf(stderr, "harden-cost: logs of the failed variants kept in %s/logs\n",
		    c->workdir);
		return;
	}
	fmt(path, sizeof path, "%s/logs", c->workdir);
	remove_tree(path);
	if (c->workdir_made)
		rmdir(c->workdir);
}

static void
build_all(struct cost *c, struct clock *k)
{
	char what[512];

	for (int i = 0; i < c->nvariants && !c->interrupted; i++) {
		struct variant *v = &c->variants[i];
		if (v->status != ST_PENDING)
			continue;
		if (v->kind == VAR_ENV) {	/* built: the baseline */
			v->status = c->variants[0].status;
			copy_str(v->enabled, sizeof v->enabled, c->variants[0].enabled);
			k->builds_left--;
			continue;
		}
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

/* The level and none, then the variants of the features the level's
 * report has on.  -1 when interrupted or the level's build failed. */
static int
build_phase(struct cost *c, struct clock *k)
{
	int n;

	plan_variants(c);
	k->builds_left = c->nvariants;
	build_all(c, k);
	if (c->interrupted)
		return -1;
	if (strcmp(c->o->level, "none") && c->variants[0].status != ST_OK) {
		progress(c, k, NULL, 0);
		fprintf(stderr, "harden-cost: the %s build failed (%s); see %s\n", c->o->level,
		    c->variants[0].failure, c->variants[0].log);
		return -1;
	}
	if (c->ncatalog == 0) {
		/* no catalog: the report names every feature */
		for (int i = 0; i < c->nfeatures; i++)
			copy_str(c->catalog[c->ncatalog++].name, NAME_LEN, c->features[i].name);
		if (unknown_features(c)) {
			cleanup(c, 0, c->o->keep);
			usage(NULL);
		}
	}
	n = c->nvariants;
	plan_feature_variants(c);
	k->builds_left = c->nvariants - n;
	build_all(c, k);
	for (int i = 0; i < c->ncmps; i++) {
		struct comparison *m = &c->cmps[i];
		if (m->kind == CMP_FEATURE && c->variants[m->without].status == ST_OK)
			also_removed(c, &c->variants[m->with], &c->variants[m->without],
			    m->also, sizeof m->also);
	}
	return c->interrupted ? -1 : 0;
}

/* Writes a report to path ("-": standard output) with print. */
static void
write_report(const struct cost *c, const char *path,
    void (*print)(const struct cost *, FILE *))
{
	FILE *f = stdout;

	if (path == NULL)
		return;
	if (strcmp(path, "-") && (f = fopen(path, "w")) == NULL)
		err(EXIT_FAILED, "cannot write %s", path);
	print(c, f);
	if (f != stdout && fclose(f) != 0)
		err(EXIT_FAILED, "cannot write %s", path);
}

static void
write_reports(struct cost *c)
{
	const struct opts *o = c->o;

	compare_all(c);
	layout_summary(c);
	if (o->table)
		print_table(c, stdout);
	write_report(c, o->json, print_json);
	write_report(c, o->markdown, print_markdown);
	if (o->svg && write_svg(c, o->svg) != 0)
		err(EXIT_FAILED, "cannot write %s", o->svg);
	fflush(stdout);
}

static int
interrupted(struct cost *c, struct clock *k)
{
	progress(c, k, NULL, 0);
	fprintf(stderr, "harden-cost: interrupted by signal %d; every build and run stopped\n",
	    (int)cost_signalled);
	cleanup(c, 0, c->o->keep);
	return 128 + (int)cost_signalled;
}

int
main(int argc, char **argv)
{
	static struct opts opts;
	static struct cost cost;
	struct cost *c = &cost;
	struct clock k;
	int failures = 0;

	if (argc > 1 && !strcmp(argv[1], "--count-instructions"))
		return count_instructions_main(argc, argv);
	parse_options(&opts, argc, argv);
	c->o = &opts;
	setup(c);

	memset(&k, 0, sizeof k);
	if (build_phase(c, &k) != 0) {
		if (c->interrupted)
			return interrupted(c, &k);
		cleanup(c, 1, 1);
		return EXIT_FAILED;
	}
	time_rounds(c, &k);
	if (c->counter == COUNT_CALLGRIND && !c->interrupted)
		count_callgrind(c, &k);
	if (c->interrupted)
		return interrupted(c, &k);
	progress(c, &k, NULL, 0);

	write_reports(c);
	if (cost_signalled)		/* SIGPIPE: the reader went away */
		return interrupted(c, &k);
	for (int i = 0; i < c->nvariants; i++)
		failures += c->variants[i].status != ST_OK;
	cleanup(c, failures, c->o->keep);
	return failures ? EXIT_FAILED : EXIT_OK;
}
