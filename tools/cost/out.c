/*
 * out.c - harden-cost's reports: the terminal table and Markdown (one loop
 * over the rows, with a row printer per format), JSON and the SVG bar
 * chart.
 */
#define _XOPEN_SOURCE	700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/json.h"
#include "cost.h"

static const char *const cost_note =
    "Instruction counts overstate nop-like costs (endbr64 of cf-protection) and miss "
    "cache and branch effects; time is the final word when its interval resolves.";

/* A time cost is printed only when the control did not resolve. */
static int
time_hidden(const struct cost *c, const struct comparison *m)
{
	return c->too_noisy && m->kind != CMP_CONTROL;
}

/* "too noisy for a verdict: standard vs itself +2.1% [+0.4%, +3.9%]" */
static const char *
verdict_text(const struct cost *c, char *buf, size_t len)
{
	const struct comparison *m = NULL;

	for (int i = 0; i < c->ncmps; i++)
		if (c->cmps[i].kind == CMP_CONTROL)
			m = &c->cmps[i];
	if (!c->too_noisy || m == NULL)
		return NULL;
	fmt(buf, len, "too noisy for a verdict: the control (%s, in other layouts) moved by "
	    "%+.1f%% [%+.1f%%, %+.1f%%], so the machine or the workload varies more than the "
	    "intervals allow for; no time cost is given", m->name, (m->ratio - 1) * 100,
	    (m->low - 1) * 100, (m->high - 1) * 100);
	return buf;
}

/* "layouts ±0.8%, runs ±1.2%": the two parts of a cost's spread. */
static void
spread_text(const struct comparison *m, char *buf, size_t len)
{
	char l[24] = "-", r[24] = "-";

	if (!isnan(m->sd_layouts))
		fmt(l, sizeof l, "\u00b1%.1f%%", m->sd_layouts * 100);
	if (!isnan(m->sd_runs))
		fmt(r, sizeof r, "\u00b1%.1f%%", m->sd_runs * 100);
	if (m->failed || (isnan(m->sd_layouts) && isnan(m->sd_runs)))
		*buf = '\0';
	else
		fmt(buf, len, "layouts %s, runs %s", l, r);
}

/* "3 per variant (link order of up to 5 objects; ...), random
 * environment padding per run" */
static const char *
layouts_text(const struct cost *c, char *buf, size_t len)
{
	fmt(buf, len, "%d per variant, shuffled: %s; each run with 0 to 4095 bytes of "
	    "environment padding", c->o->layouts, c->layout_means);
	return buf;
}

/* ---- text pieces shared by the formats ---- */

static const char *
measure_text(const struct cost *c)
{
	static char buf[256];

	if (c->o->figure)
		fmt(buf, sizeof buf, "the number after '%s' in the output, %s is better",
		    c->o->figure, c->o->higher_is_better ? "higher" : "lower");
	else if (c->o->cpu_time)
		fmt(buf, sizeof buf, "CPU time (user+system) of the command, lower is better");
	else
		fmt(buf, sizeof buf, "wall time of the command, lower is better");
	return buf;
}

static const char *
counter_name(const struct cost *c)
{
	return c->counter == COUNT_PERF ? "perf_event_open" :
	    c->counter == COUNT_CALLGRIND ? "callgrind" : "none";
}

static const char *
frontend_name(const struct cost *c)
{
	return c->o->frontend->name;
}

static void
percent(char *buf, size_t len, double ratio, int decimals)
{
	double p = (ratio - 1) * 100;

	if (isnan(ratio))
		fmt(buf, len, "-");
	else if (fabs(p) < 0.5 * pow(10, -decimals))
		fmt(buf, len, "%.*f%%", decimals, 0.0);	/* no "-0.00%" */
	else
		fmt(buf, len, "%+.*f%%", decimals, p);
}

/* "+3.1% [+1.2%, +4.9%]", "within noise [-1.0%, +2.2%]", "+3.1% (1 round)" */
static void
time_text(const struct cost *c, const struct comparison *m, char *buf, size_t len)
{
	char med[32], lo[32], hi[32];

	if (m->failed) {
		fmt(buf, len, "failed");
		return;
	}
	if (time_hidden(c, m) && !isnan(m->ratio)) {
		fmt(buf, len, "no verdict (too noisy)");
		return;
	}
	if (c->rounds_done == 0 || isnan(m->ratio)) {
		fmt(buf, len, "-");
		return;
	}
	percent(med, sizeof med, m->ratio, 1);
	if (isnan(m->low)) {
		fmt(buf, len, "%s (%d round%s: too few for an interval)", med,
		    m->pairs, m->pairs == 1 ? "" : "s");
		return;
	}
	/* bounds keep their sign: "+0.0%" is an interval just above zero */
	fmt(lo, sizeof lo, "%+.1f%%", (m->low - 1) * 100);
	fmt(hi, sizeof hi, "%+.1f%%", (m->high - 1) * 100);
	if (cmp_resolved(m))
		fmt(buf, len, "%s [%s, %s]", med, lo, hi);
	else
		fmt(buf, len, "within noise [%s, %s]", lo, hi);
}

static void
instr_text(const struct comparison *m, char *buf, size_t len)
{
	if (m->failed)
		fmt(buf, len, "failed");
	else
		percent(buf, len, m->iratio, 2);
}

/* "also without bind-now", or a run-time variant's "VAR=VALUE,..." */
static void
note_text(const struct cost *c, const struct comparison *m, char *buf, size_t len)
{
	const struct env_variant *e = c->variants[m->with].env;

	*buf = '\0';
	if (*m->also)
		fmt(buf, len, "also without %s", m->also);
	for (int i = 0; e != NULL && i < e->nassign; i++)
		fmt(buf + strlen(buf), len - strlen(buf), "%s%s", i ? "," : "", e->assign[i]);
}

static void
failure_text(const struct cost *c, const struct comparison *m, char *buf, size_t len)
{
	const struct variant *v = &c->variants[m->with];

	if (v->status == ST_OK)
		v = &c->variants[m->without];
	fmt(buf, len, "%s: %s (log: %s)", v->name, v->failure, v->log);
}

static const char *
section_title(const struct cost *c, enum cmp_kind kind, char *buf, size_t len)
{
	if (kind == CMP_FEATURE)
		fmt(buf, len, "Cost of each feature (%s without it, then with it)", c->o->level);
	else if (kind == CMP_LEVEL)
		fmt(buf, len, "Cost of the level");
	else if (kind == CMP_SINGLE)
		fmt(buf, len, "Cost of each feature alone (none, then none plus it)");
	else if (kind == CMP_ENV)
		fmt(buf, len, "Cost of each run-time variant (the baseline's builds, with its "
		    "environment)");
	else if (kind == CMP_LIFTED && c->o->lift_only != NULL)
		fmt(buf, len, "Cost of the targets' exceptions (%s, then with each feature's "
		    "exceptions lifted: HARDEN_LIFT_EXCEPTIONS=FEATURE)", c->o->level);
	else if (kind == CMP_LIFTED)
		fmt(buf, len, "Cost of the targets' exceptions (%s, then with every exception "
		    "lifted: HARDEN_LIFT_EXCEPTIONS=yes)", c->o->level);
	else
		fmt(buf, len, "Control (the baseline against itself in other layouts: "
		    "its true cost is 0)");
	return buf;
}

static void
format_count(char *buf, size_t len, double v)
{
	if (isnan(v))
		fmt(buf, len, "-");
	else
		fmt(buf, len, "%.0f", v);
}

static void
format_sample(const struct cost *c, char *buf, size_t len, double v)
{
	if (isnan(v))
		fmt(buf, len, "-");
	else if (c->o->figure)
		fmt(buf, len, "%.6g", v);
	else
		fmt(buf, len, "%.4f s", v);
}

static const char *
status_text(enum variant_status s)
{
	return s == ST_OK ? "ok" : s == ST_BUILD_FAILED ? "build failed" :
	    s == ST_RUN_FAILED ? "run failed" : "not built";
}

/* A variant without the feature, or with it alone, was planned. */
static int
feature_has_variant(const struct cost *c, const char *name)
{
	for (int i = 0; i < c->nvariants; i++)
		if ((c->variants[i].kind == VAR_WITHOUT || c->variants[i].kind == VAR_SINGLE) &&
		    !strcmp(c->variants[i].feature, name))
			return 1;
	return 0;
}

/* ---- the table and Markdown: one loop, a row printer per format ---- */

struct row_format {
	void	(*head)(const struct cost *, FILE *);
	void	(*section)(const char *title, FILE *);
	void	(*cost)(const struct cost *, const struct comparison *, FILE *);
	void	(*unmeasured_head)(const struct cost *, FILE *);
	void	(*unmeasured)(const struct feature *, FILE *);
	void	(*variants_head)(FILE *);
	void	(*variant)(const struct cost *, const struct variant *, FILE *);
};

static void
print_rows(const struct cost *c, FILE *f, const struct row_format *rf)
{
	int order[MAX_VARIANTS], i, last = -1, unmeasured = 0;
	char title[128];

	sort_comparisons(c, order);
	rf->head(c, f);
	for (i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[order[i]];
		if ((int)m->kind != last) {
			rf->section(section_title(c, m->kind, title, sizeof title), f);
			last = (int)m->kind;
		}
		rf->cost(c, m, f);
	}
	for (i = 0; i < c->nfeatures; i++) {
		if (feature_has_variant(c, c->features[i].name))
			continue;
		if (!unmeasured++)
			rf->unmeasured_head(c, f);
		rf->unmeasured(&c->features[i], f);
	}
	rf->variants_head(f);
	for (i = 0; i < c->nvariants; i++)
		rf->variant(c, &c->variants[i], f);
	fprintf(f, "\n%s\n", cost_note);
}

/* "callgrind (perf_event_open disabled by HARDEN_COST_NO_PERF)" */
static const char *
counter_text(const struct cost *c, char *buf, size_t len)
{
	fmt(buf, len, "%s%s%s%s", counter_name(c), *c->counter_reason ? " (" : "",
	    c->counter_reason, *c->counter_reason ? ")" : "");
	return buf;
}

/* "Holm-corrected over 11 comparisons, ...": how far the intervals hold. */
static const char *
intervals_text(const struct cost *c, char *buf, size_t len)
{
	double lo = 1, hi = 0;

	for (int i = 0; i < c->ncmps; i++)
		if (!isnan(c->cmps[i].confidence)) {
			lo = fmin(lo, c->cmps[i].confidence);
			hi = fmax(hi, c->cmps[i].confidence);
		}
	if (c->ntested == 0)
		fmt(buf, len, "none (0 comparisons: an interval needs %d rounds)", MIN_PAIRS);
	else if (lo < hi)
		fmt(buf, len, "Holm-corrected over %d comparisons, 95%% for the whole report "
		    "(each interval at %.2f%% to %.2f%%)", c->ntested, lo * 100, hi * 100);
	else
		fmt(buf, len, "Holm-corrected over %d comparison%s, 95%% for the whole report "
		    "(each interval at %.2f%%)", c->ntested, c->ntested == 1 ? "" : "s", lo * 100);
	return buf;
}

static void
table_head(const struct cost *c, FILE *f)
{
	char counter[320], intervals[256], layouts[512], verdict[512];

	fprintf(f, "harden-cost: %s (%s), level %s, %d round%s of: %s\n", c->o->srcdir,
	    frontend_name(c), c->o->level, c->rounds_done, c->rounds_done == 1 ? "" : "s",
	    c->o->run);
	fprintf(f, "time: %s; instructions: %s\n", measure_text(c),
	    counter_text(c, counter, sizeof counter));
	fprintf(f, "layouts: %s\n", layouts_text(c, layouts, sizeof layouts));
	fprintf(f, "time intervals: %s\n", intervals_text(c, intervals, sizeof intervals));
	if (verdict_text(c, verdict, sizeof verdict) != NULL)
		fprintf(f, "verdict: %s\n", verdict);
}

static void
table_section(const char *title, FILE *f)
{
	fprintf(f, "\n%s\n  %-30s %-40s %-14s %s\n", title, "", "time (cost, interval)",
	    "instructions", "time spread (standard deviation)");
}

static void
table_cost(const struct cost *c, const struct comparison *m, FILE *f)
{
	char t[160], in[64], sp[64], note[512];

	if (m->failed) {
		failure_text(c, m, t, sizeof t);
		fprintf(f, "  %-30s failed: %s\n", m->name, t);
		return;
	}
	time_text(c, m, t, sizeof t);
	instr_text(m, in, sizeof in);
	spread_text(m, sp, sizeof sp);
	note_text(c, m, note, sizeof note);
	fprintf(f, "  %-30s %-40s %-*s%s%s%s%s\n", m->name, t, *sp || *note ? 15 : 0, in, sp,
	    *note ? "   (" : "", note, *note ? ")" : "");
}

static void
table_unmeasured_head(const struct cost *c, FILE *f)
{
	fprintf(f, "\nNot measured (not on at level %s, or not asked for):\n", c->o->level);
}

static void
table_unmeasured(const struct feature *ft, FILE *f)
{
	fprintf(f, "  %-30s %-12s %s\n", ft->name, ft->state,
	    !strcmp(ft->state, "on") ? "not in --features" :
	    !strcmp(ft->state, "builder") ? (*ft->reason ? ft->reason :
	    "set by the builder's own flags") : ft->reason);
}

static void
table_variants_head(FILE *f)
{
	fprintf(f, "\nVariants:\n  %-36s %-14s %-16s %s\n", "", "status", "median",
	    "instructions");
}

static void
table_variant(const struct cost *c, const struct variant *v, FILE *f)
{
	char med[32], cnt[32];

	format_sample(c, med, sizeof med, median(v->samples, c->rounds_done));
	format_count(cnt, sizeof cnt, v->instructions);
	fprintf(f, "  %-36s %-14s %-16s %s\n", v->name, status_text(v->status), med, cnt);
	if (v->status != ST_OK && v->status != ST_PENDING)
		fprintf(f, "    %s\n    log: %s\n", v->failure, v->log);
}

static void
md_head(const struct cost *c, FILE *f)
{
	char counter[320], intervals[256], layouts[512], verdict[512];

	fprintf(f, "**harden-cost**: `%s` (%s), level %s, %d round%s of `%s`; time: %s; "
	    "instructions: %s; layouts: %s; time intervals: %s.\n", c->o->srcdir,
	    frontend_name(c), c->o->level, c->rounds_done, c->rounds_done == 1 ? "" : "s",
	    c->o->run, measure_text(c), counter_text(c, counter, sizeof counter),
	    layouts_text(c, layouts, sizeof layouts),
	    intervals_text(c, intervals, sizeof intervals));
	if (verdict_text(c, verdict, sizeof verdict) != NULL)
		fprintf(f, "\n**Verdict**: %s.\n", verdict);
}

static void
md_section(const char *title, FILE *f)
{
	fprintf(f, "\n%s:\n\n| cost of | time (cost, interval) | instructions | "
	    "time spread (sd) | note |\n|---|---|---|---|---|\n", title);
}

static void
md_cost(const struct cost *c, const struct comparison *m, FILE *f)
{
	char t[160], in[64], sp[64], note[512];

	if (m->failed) {
		failure_text(c, m, t, sizeof t);
		fprintf(f, "| `%s` | failed | failed | | %s |\n", m->name, t);
		return;
	}
	time_text(c, m, t, sizeof t);
	instr_text(m, in, sizeof in);
	spread_text(m, sp, sizeof sp);
	note_text(c, m, note, sizeof note);
	fprintf(f, "| `%s` | %s | %s | %s | %s |\n", m->name, t, in, sp, note);
}

static void
md_unmeasured_head(const struct cost *c, FILE *f)
{
	(void)c;
	fprintf(f, "\nNot measured:\n\n| feature | state | reason |\n|---|---|---|\n");
}

static void
md_unmeasured(const struct feature *ft, FILE *f)
{
	fprintf(f, "| `%s` | %s | %s |\n", ft->name, ft->state,
	    !strcmp(ft->state, "on") ? "not in --features" : ft->reason);
}

static void
md_variants_head(FILE *f)
{
	fprintf(f, "\nVariants:\n\n| variant | status | median | instructions |\n|---|---|---|---|\n");
}

static void
md_variant(const struct cost *c, const struct variant *v, FILE *f)
{
	char med[32], cnt[32];

	format_sample(c, med, sizeof med, median(v->samples, c->rounds_done));
	format_count(cnt, sizeof cnt, v->instructions);
	fprintf(f, "| `%s` | %s | %s | %s |\n", v->name, status_text(v->status), med, cnt);
}

static const struct row_format table_format = {
	table_head, table_section, table_cost, table_unmeasured_head,
	table_unmeasured, table_variants_head, table_variant
};

static const struct row_format markdown_format = {
	md_head, md_section, md_cost, md_unmeasured_head,
	md_unmeasured, md_variants_head, md_variant
};

void
print_table(const struct cost *c, FILE *f)
{
	print_rows(c, f, &table_format);
}

void
print_markdown(const struct cost *c, FILE *f)
{
	print_rows(c, f, &markdown_format);
}

/* ---- JSON ---- */

static void
json_number(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.10g", v);
}

/* ", "KEY": "  then the string s */
static void
json_field(FILE *f, const char *key, const char *s)
{
	fprintf(f, ", \"%s\": ", key);
	json_string(f, s);
}

static void
json_head(const struct cost *c, FILE *f)
{
	const struct opts *o = c->o;

	fputs("{\n  \"tool\": \"harden-cost\",\n  \"srcdir\": ", f);
	json_string(f, o->srcdir);
	fputs(",\n  \"frontend\": ", f);
	json_string(f, frontend_name(c));
	fputs(",\n  \"level\": ", f);
	json_string(f, o->level);
	fputs(",\n  \"command\": ", f);
	json_string(f, o->run);
	fputs(",\n  \"measure\": {\"kind\": ", f);
	json_string(f, o->figure ? "figure" : o->cpu_time ? "cpu-time" : "time");
	fputs(", \"figure\": ", f);
	json_string(f, o->figure);
	fprintf(f, ", \"higher_is_better\": %s, \"rounds\": %d, \"adaptive\": %s,\n"
	    "    \"comparisons\": %d, \"correction\": \"holm\", \"family_confidence\": 0.95,\n"
	    "    \"layouts\": %d, \"layout_means\": ",
	    o->higher_is_better ? "true" : "false", c->rounds_done,
	    o->adaptive ? "true" : "false", c->ntested, o->layouts);
	json_string(f, c->layout_means);
	fputs(", \"env_padding_bytes\": [0, 4095]},\n  \"verdict\": ", f);
	json_string(f, c->too_noisy ? "too-noisy" : "measured");
	fputs(",\n", f);
	fputs("  \"instructions\": {\"counter\": ", f);
	json_string(f, counter_name(c));
	json_field(f, "reason", c->counter_reason);
	fputs("},\n", f);
}

static void
json_cost(const struct cost *c, const struct comparison *m, FILE *f)
{
	const struct variant *with = &c->variants[m->with];
	const struct variant *without = &c->variants[m->without];

	int hide = time_hidden(c, m);

	fputs("{\"kind\": ", f);
	json_string(f, m->kind == CMP_FEATURE ? "feature" : m->kind == CMP_LEVEL ?
	    "level" : m->kind == CMP_SINGLE ? "single" : m->kind == CMP_ENV ? "env" :
	    m->kind == CMP_LIFTED ? "exceptions" : "control");
	json_field(f, "name", m->name);
	json_field(f, "with", with->name);
	json_field(f, "without", without->name);
	json_field(f, "also_without", m->also);
	fprintf(f, ", \"status\": \"%s\",\n     \"time\": {\"pairs\": %d, \"ratio\": ",
	    m->failed ? "failed" : "ok", m->pairs);
	json_number(f, hide ? NAN : m->ratio);
	fputs(", \"low\": ", f);
	json_number(f, hide ? NAN : m->low);
	fputs(", \"high\": ", f);
	json_number(f, hide ? NAN : m->high);
	fputs(", \"confidence\": ", f);
	json_number(f, hide ? NAN : m->confidence);
	fputs(", \"between_layouts\": ", f);
	json_number(f, m->sd_layouts);
	fputs(", \"between_runs\": ", f);
	json_number(f, m->sd_runs);
	fprintf(f, ",\n       \"within_noise\": %s, \"too_noisy\": %s}, "
	    "\"instructions\": {\"ratio\": ",
	    !hide && !isnan(m->low) && !cmp_resolved(m) ? "true" : "false",
	    hide ? "true" : "false");
	json_number(f, m->iratio);
	fputs(", \"with\": ", f);
	json_number(f, with->instructions);
	fputs(", \"without\": ", f);
	json_number(f, without->instructions);
	fputs("}}", f);
}

static void
json_feature(const struct cost *c, const struct feature *ft, FILE *f)
{
	fputs("{\"name\": ", f);
	json_string(f, ft->name);
	json_field(f, "state", ft->state);
	json_field(f, "value", ft->value);
	json_field(f, "reason", ft->reason);
	fprintf(f, ", \"measured\": %s}", feature_has_variant(c, ft->name) ? "true" : "false");
}

static void
json_variant(const struct cost *c, const struct variant *v, FILE *f)
{
	fputs("{\"name\": ", f);
	json_string(f, v->name);
	json_field(f, "status", v->status == ST_OK ? "ok" : v->status == ST_BUILD_FAILED ?
	    "build-failed" : v->status == ST_RUN_FAILED ? "run-failed" : "not-built");
	json_field(f, "failure", v->failure);
	json_field(f, "log", v->status == ST_OK ? "" : v->log);
	json_field(f, "dir", v->link);
	json_field(f, "enabled", v->enabled);
	fputs(", \"env\": [", f);
	for (int i = 0; v->env != NULL && i < v->env->nassign; i++) {
		fputs(i ? ", " : "", f);
		json_string(f, v->env->assign[i]);
	}
	fputs("]", f);
	fputs(",\n     \"build_seconds\": ", f);
	json_number(f, v->build_seconds);
	fputs(", \"samples\": [", f);
	for (int r = 0; r < c->rounds_done; r++) {
		if (r)
			fputs(", ", f);
		json_number(f, v->samples[r]);
	}
	fputs("], \"median\": ", f);
	json_number(f, median(v->samples, c->rounds_done));
	fputs(", \"instructions\": ", f);
	json_number(f, v->instructions);
	fputs("}", f);
}

void
print_json(const struct cost *c, FILE *f)
{
	int order[MAX_VARIANTS], i;

	sort_comparisons(c, order);
	json_head(c, f);
	fputs("  \"costs\": [", f);
	for (i = 0; i < c->ncmps; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_cost(c, &c->cmps[order[i]], f);
	}
	fputs("\n  ],\n  \"features\": [", f);
	for (i = 0; i < c->nfeatures; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_feature(c, &c->features[i], f);
	}
	fputs("\n  ],\n  \"variants\": [", f);
	for (i = 0; i < c->nvariants; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_variant(c, &c->variants[i], f);
	}
	fputs("\n  ],\n  \"note\": ", f);
	json_string(f, cost_note);
	fputs("\n}\n", f);
}

/* ---- SVG ---- */

#define SVG_W		900
#define SVG_LABEL	230	/* right edge of the labels */
#define SVG_X0		245	/* plot area */
#define SVG_X1		730
#define SVG_TOP		92
#define SVG_ROW		40

struct svg {
	FILE	*f;
	int	too_noisy;	/* time bars only for the control */
	double	lo, hi, step;	/* the scale, in percent */
	int	nrows, height;
};

static void
xml_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if ((unsigned char)*s >= 0x20 || *s == '\t')
			fputc(*s, f);
	}
}

static double
nice_step(double range)
{
	double raw = range / 6, mag = pow(10, floor(log10(raw))), n = raw / mag;

	return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

/* The x coordinate of p percent. */
static double
svg_x(const struct svg *s, double p)
{
	return SVG_X0 + (p - s->lo) / (s->hi - s->lo) * (SVG_X1 - SVG_X0);
}

/* A scale from 0 over every cost, its interval and instructions. */
static void
svg_scale(const struct cost *c, struct svg *s)
{
	s->lo = s->hi = 0;
	for (int i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[i];
		double v[4] = { m->ratio, m->low, m->high, m->iratio };
		for (int j = time_hidden(c, m) ? 3 : 0; j < 4; j++)
			if (!m->failed && !isnan(v[j])) {
				s->lo = fmin(s->lo, (v[j] - 1) * 100);
				s->hi = fmax(s->hi, (v[j] - 1) * 100);
			}
	}
	if (s->hi - s->lo < 1)
		s->hi = s->lo + 1;
	s->step = nice_step(s->hi - s->lo);
	s->lo = floor(s->lo / s->step) * s->step;
	s->hi = ceil(s->hi / s->step) * s->step;
	s->nrows = c->ncmps;
	s->height = SVG_TOP + s->nrows * SVG_ROW + 70;
	s->too_noisy = c->too_noisy;
}

/* The document, its title, the command and the legend. */
static void
svg_head(const struct cost *c, const struct svg *s)
{
	FILE *f = s->f;
	char buf[160];

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
	    "font-size=\"13\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    SVG_W, s->height, SVG_W, s->height);
	fputs("<text x=\"20\" y=\"26\" font-size=\"16\" font-weight=\"bold\">", f);
	fmt(buf, sizeof buf, "Cost of hardening, level %s (%s build, %d round%s)",
	    c->o->level, frontend_name(c), c->rounds_done, c->rounds_done == 1 ? "" : "s");
	xml_text(f, buf);
	fputs("</text>\n<text x=\"20\" y=\"46\" fill=\"#555\">", f);
	xml_text(f, c->o->run);
	fputs("</text>\n", f);
	fprintf(f, "<rect x=\"20\" y=\"58\" width=\"14\" height=\"10\" fill=\"#3b6fb6\"/>"
	    "<text x=\"40\" y=\"68\">%s: cost, Holm interval (grey: within noise)</text>\n"
	    "<rect x=\"440\" y=\"60\" width=\"14\" height=\"6\" fill=\"#e08a1e\"/>"
	    "<text x=\"460\" y=\"68\">instructions (%s)</text>\n",
	    c->o->figure ? "figure" : c->o->cpu_time ? "CPU time" : "wall time",
	    counter_name(c));
	if (c->too_noisy) {
		fputs("<text x=\"20\" y=\"84\" font-size=\"12\" fill=\"#b00\">", f);
		xml_text(f, "Too noisy for a verdict: the control (the baseline against itself "
		    "in other layouts) resolved; no time cost is drawn.");
		fputs("</text>\n", f);
	}
}

static void
svg_grid(const struct svg *s)
{
	int bottom = SVG_TOP + s->nrows * SVG_ROW;
	char buf[32];

	for (double t = s->lo; t <= s->hi + s->step / 2; t += s->step) {
		double x = svg_x(s, t);
		int zero = fabs(t) < s->step / 2;
		fprintf(s->f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
		    x, SVG_TOP - 8, x, bottom, zero ? "#333" : "#ddd");
		if (zero)
			fmt(buf, sizeof buf, "0 %%");
		else
			fmt(buf, sizeof buf, "%+g %%", t);
		fprintf(s->f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#333\">%s</text>\n",
		    x, bottom + 18, buf);
	}
}

/* The time bar with its whisker and the instructions bar of row y;
 * returns the right end of what was drawn. */
static double
svg_bars(const struct svg *s, const struct comparison *m, int y)
{
	double x0 = svg_x(s, 0), right = x0, x;

	if (!isnan(m->ratio) && !(s->too_noisy && m->kind != CMP_CONTROL)) {
		const char *fill = isnan(m->low) || cmp_resolved(m) ? "#3b6fb6" : "#a8b3c2";
		x = svg_x(s, (m->ratio - 1) * 100);
		fprintf(s->f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\"/>\n",
		    fmin(x, x0), y + 6, fmax(fabs(x - x0), 1), fill);
		right = fmax(right, x);
		if (!isnan(m->low)) {
			double a = svg_x(s, (m->low - 1) * 100), b = svg_x(s, (m->high - 1) * 100);
			fprintf(s->f, "<path d=\"M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d\" "
			    "stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
			    a, y + 8, y + 18, a, y + 13, b, b, y + 8, y + 18);
			right = fmax(right, b);
		}
	}
	if (!isnan(m->iratio)) {
		x = svg_x(s, (m->iratio - 1) * 100);
		fprintf(s->f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"7\" fill=\"#e08a1e\"/>\n",
		    fmin(x, x0), y + 23, fmax(fabs(x - x0), 1));
		right = fmax(right, x);
	}
	return right;
}

/* "time +3.1%, instr. +0.52%" right of the bars. */
static void
svg_values(const struct svg *s, const struct comparison *m, double right, int y)
{
	char buf[160], p[32];

	buf[0] = '\0';
	if (!isnan(m->ratio)) {
		if (s->too_noisy && m->kind != CMP_CONTROL)
			fmt(buf, sizeof buf, "time: no verdict");
		else if (!isnan(m->low) && !cmp_resolved(m))
			fmt(buf, sizeof buf, "time: noise");
		else {
			percent(p, sizeof p, m->ratio, 1);
			fmt(buf, sizeof buf, "time %s", p);
		}
	}
	if (!isnan(m->iratio)) {
		percent(p, sizeof p, m->iratio, 2);
		fmt(buf + strlen(buf), sizeof buf - strlen(buf), "%sinstr. %s",
		    *buf ? ", " : "", p);
	}
	fprintf(s->f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#333\">", right + 6, y + 18);
	xml_text(s->f, buf);
	fputs("</text>\n", s->f);
}

/* Row i: a dashed line where the kind changes, the label, the bars. */
static void
svg_row(const struct svg *s, const struct comparison *m, const struct comparison *prev, int i)
{
	int y = SVG_TOP + i * SVG_ROW;

	if (prev != NULL && m->kind != prev->kind)
		fprintf(s->f, "<line x1=\"20\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\" "
		    "stroke-dasharray=\"4 3\"/>\n", y, SVG_W - 20, y);
	fprintf(s->f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", SVG_LABEL, y + 24);
	xml_text(s->f, m->name);
	fputs("</text>\n", s->f);
	if (m->failed)
		fprintf(s->f, "<text x=\"%.1f\" y=\"%d\" fill=\"#b00\">failed (see the log)</text>\n",
		    svg_x(s, 0) + 6, y + 24);
	else
		svg_values(s, m, svg_bars(s, m, y), y);
}

int
write_svg(const struct cost *c, const char *path)
{
	struct svg s;
	int order[MAX_VARIANTS];

	if ((s.f = fopen(path, "w")) == NULL)
		return -1;
	sort_comparisons(c, order);
	svg_scale(c, &s);
	svg_head(c, &s);
	svg_grid(&s);
	for (int i = 0; i < s.nrows; i++)
		svg_row(&s, &c->cmps[order[i]], i ? &c->cmps[order[i - 1]] : NULL, i);
	fprintf(s.f, "<text x=\"20\" y=\"%d\" font-size=\"11\" fill=\"#555\">", s.height - 28);
	xml_text(s.f, "Instruction counts overstate nop-like costs (endbr64) and miss cache effects;");
	fprintf(s.f, "</text>\n<text x=\"20\" y=\"%d\" font-size=\"11\" fill=\"#555\">", s.height - 13);
	xml_text(s.f, "time is the final word when its interval resolves.");
	fputs("</text>\n</svg>\n", s.f);
	return fclose(s.f);
}
