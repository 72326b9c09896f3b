/*
 * cost-out.c - harden-cost's statistics and reports: the terminal table,
 * JSON, Markdown and the SVG bar chart.
 *
 * A cost is the ratio of the variant with a feature to the variant without
 * it, paired by round (both ran in the same round, so slow phases of a
 * shared machine hit both): the median of the per-round ratios, with a
 * percentile bootstrap 95% interval over the rounds.  Above 1 the feature
 * costs; when the interval holds 1 the cost is within noise.
 */
#define _XOPEN_SOURCE	700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/json.h"
#include "cost.h"

#define BOOTSTRAP	2000
/* Below this many rounds a bootstrap interval only restates the spread of
 * a handful of samples: no interval, no verdict. */
#define MIN_PAIRS	5

const char *const cost_note =
    "Instruction counts overstate nop-like costs (endbr64 of cf-protection) and miss "
    "cache and branch effects; time is the final word when its interval resolves.";

uint64_t
rng_next(uint64_t *s)
{
	/* splitmix64: small, and good enough for shuffles and resampling */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of the values that are not NAN; NAN when there is none. */
double
median(const double *v, int n)
{
	double *s = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1)), m;
	int k = 0;

	if (s == NULL)
		return NAN;
	for (int i = 0; i < n; i++)
		if (!isnan(v[i]))
			s[k++] = v[i];
	qsort(s, (size_t)k, sizeof *s, by_value);
	m = k == 0 ? NAN : k % 2 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
	free(s);
	return m;
}

int
ratio_ci(const double *with, const double *without, int n, int higher_is_better,
    uint64_t *rng, double *med, double *low, double *high)
{
	double *r, *s, *est;
	int b, i;

	*med = *low = *high = NAN;
	if (n < 1)
		return -1;
	r = malloc(sizeof(double) * (size_t)n);
	s = malloc(sizeof(double) * (size_t)n);
	est = malloc(sizeof(double) * BOOTSTRAP);
	if (r == NULL || s == NULL || est == NULL) {
		free(r);
		free(s);
		free(est);
		return -1;
	}
	for (i = 0; i < n; i++)
		r[i] = higher_is_better ? without[i] / with[i] : with[i] / without[i];
	*med = median(r, n);
	if (n >= MIN_PAIRS) {
		for (b = 0; b < BOOTSTRAP; b++) {
			for (i = 0; i < n; i++)
				s[i] = r[rng_next(rng) % (uint64_t)n];
			est[b] = median(s, n);
		}
		qsort(est, BOOTSTRAP, sizeof *est, by_value);
		*low = est[BOOTSTRAP * 25 / 1000];
		*high = est[BOOTSTRAP * 975 / 1000 - 1];
	}
	free(r);
	free(s);
	free(est);
	return 0;
}

void
compare_all(struct cost *c, uint64_t *rng)
{
	double *w = malloc(sizeof(double) * (size_t)(c->max_rounds + 1));
	double *wo = malloc(sizeof(double) * (size_t)(c->max_rounds + 1));

	if (w == NULL || wo == NULL) {
		free(w);
		free(wo);
		return;
	}
	for (int i = 0; i < c->ncmps; i++) {
		struct comparison *m = &c->cmps[i];
		const struct variant *a = &c->variants[m->with], *b = &c->variants[m->without];
		int n = 0;

		m->failed = a->status != ST_OK || b->status != ST_OK;
		m->ratio = m->low = m->high = m->iratio = NAN;
		m->pairs = 0;
		if (m->failed)
			continue;
		for (int r = 0; r < c->rounds_done; r++)
			if (!isnan(a->samples[r]) && !isnan(b->samples[r])) {
				w[n] = a->samples[r];
				wo[n++] = b->samples[r];
			}
		m->pairs = n;
		if (n > 0)
			ratio_ci(w, wo, n, c->higher_is_better, rng, &m->ratio, &m->low, &m->high);
		if (!isnan(a->instructions) && !isnan(b->instructions) && b->instructions > 0)
			m->iratio = a->instructions / b->instructions;
	}
	free(w);
	free(wo);
}

int
cmp_resolved(const struct comparison *m)
{
	return !isnan(m->low) && (m->low > 1 || m->high < 1);
}

/* Costliest first: features whose time cost is resolved and positive (by
 * time: it is the final word), then the rest by instructions (by time when
 * not counted), failures last; features, then the level, then single
 * features. */
static int
sort_key_group(const struct comparison *m)
{
	int kind = m->kind == CMP_FEATURE ? 0 : m->kind == CMP_LEVEL ? 1 : 2;

	return kind * 3 + (m->failed ? 2 : cmp_resolved(m) && m->ratio > 1 ? 0 : 1);
}

static double
sort_key_value(const struct comparison *m)
{
	if (m->failed)
		return 0;
	if ((cmp_resolved(m) && m->ratio > 1) || isnan(m->iratio))
		return isnan(m->ratio) ? -1e9 : m->ratio;
	return m->iratio;
}

static const struct cost *sort_cost;

static int
by_cost(const void *a, const void *b)
{
	const struct comparison *x = &sort_cost->cmps[*(const int *)a];
	const struct comparison *y = &sort_cost->cmps[*(const int *)b];
	int gx = sort_key_group(x), gy = sort_key_group(y);
	double vx = sort_key_value(x), vy = sort_key_value(y);

	if (gx != gy)
		return gx - gy;
	if (vx != vy)
		return vx > vy ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

void
sort_comparisons(struct cost *c, int *order)
{
	for (int i = 0; i < c->ncmps; i++)
		order[i] = i;
	sort_cost = c;
	qsort(order, (size_t)c->ncmps, sizeof *order, by_cost);
}

/* ---- text pieces shared by the formats ---- */

static const char *
measure_text(const struct cost *c)
{
	static char buf[256];

	if (c->figure)
		fmt(buf, sizeof buf, "the number after '%s' in the output, %s is better",
		    c->figure, c->higher_is_better ? "higher" : "lower");
	else if (c->cpu_time)
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
	static const char *const names[] = { "autoconf", "meson", "cmake", "make" };

	return names[c->frontend];
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
		fmt(buf, len, "Cost of each feature (%s without it, then with it)", c->level);
	else if (kind == CMP_LEVEL)
		fmt(buf, len, "Cost of the level");
	else
		fmt(buf, len, "Cost of each feature alone (none, then none plus it)");
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
	else if (c->figure)
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

/* ---- terminal ---- */

void
print_table(struct cost *c, FILE *f)
{
	int order[MAX_VARIANTS], i, last = -1;
	char t[160], in[64], title[128], med[32], cnt[32];

	sort_comparisons(c, order);
	fprintf(f, "harden-cost: %s (%s), level %s, %d round%s of: %s\n", c->srcdir,
	    frontend_name(c), c->level, c->rounds_done, c->rounds_done == 1 ? "" : "s", c->run);
	fprintf(f, "time: %s; instructions: %s%s%s%s\n", measure_text(c), counter_name(c),
	    *c->counter_reason ? " (" : "", c->counter_reason, *c->counter_reason ? ")" : "");
	for (i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[order[i]];
		if ((int)m->kind != last) {
			fprintf(f, "\n%s\n  %-30s %-40s %s\n", section_title(c, m->kind, title,
			    sizeof title), "", "time (median, 95% interval)", "instructions");
			last = (int)m->kind;
		}
		if (m->failed) {
			failure_text(c, m, t, sizeof t);
			fprintf(f, "  %-30s failed: %s\n", m->name, t);
			continue;
		}
		time_text(c, m, t, sizeof t);
		instr_text(m, in, sizeof in);
		fprintf(f, "  %-30s %-40s %s%s%s%s\n", m->name, t, in,
		    *m->also ? "   (also without " : "", m->also, *m->also ? ")" : "");
	}
	for (i = 0, last = 0; i < c->nfeatures; i++) {
		const struct feature *ft = &c->features[i];
		if (feature_has_variant(c, ft->name))
			continue;
		if (!last++)
			fprintf(f, "\nNot measured (not on at level %s, or not asked for):\n", c->level);
		fprintf(f, "  %-30s %-12s %s\n", ft->name, ft->state,
		    !strcmp(ft->state, "on") ? "not in --features" :
		    !strcmp(ft->state, "builder") ? (*ft->reason ? ft->reason :
		    "set by the builder's own flags") : ft->reason);
	}
	fprintf(f, "\nVariants:\n  %-36s %-14s %-16s %s\n", "", "status", "median", "instructions");
	for (i = 0; i < c->nvariants; i++) {
		const struct variant *v = &c->variants[i];
		format_sample(c, med, sizeof med, median(v->samples, c->rounds_done));
		format_count(cnt, sizeof cnt, v->instructions);
		fprintf(f, "  %-36s %-14s %-16s %s\n", v->name, status_text(v->status), med, cnt);
		if (v->status != ST_OK && v->status != ST_PENDING)
			fprintf(f, "    %s\n    log: %s\n", v->failure, v->log);
	}
	fprintf(f, "\n%s\n", cost_note);
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

void
print_json(struct cost *c, FILE *f)
{
	int order[MAX_VARIANTS], i, r;

	sort_comparisons(c, order);
	fputs("{\n  \"tool\": \"harden-cost\",\n  \"srcdir\": ", f);
	json_string(f, c->srcdir);
	fputs(",\n  \"frontend\": ", f);
	json_string(f, frontend_name(c));
	fputs(",\n  \"level\": ", f);
	json_string(f, c->level);
	fputs(",\n  \"command\": ", f);
	json_string(f, c->run);
	fputs(",\n  \"measure\": {\"kind\": ", f);
	json_string(f, c->figure ? "figure" : c->cpu_time ? "cpu-time" : "time");
	fputs(", \"figure\": ", f);
	if (c->figure)
		json_string(f, c->figure);
	else
		fputs("null", f);
	fprintf(f, ", \"higher_is_better\": %s, \"rounds\": %d, \"adaptive\": %s},\n",
	    c->higher_is_better ? "true" : "false", c->rounds_done, c->adaptive ? "true" : "false");
	fputs("  \"instructions\": {\"counter\": ", f);
	json_string(f, counter_name(c));
	fputs(", \"reason\": ", f);
	json_string(f, c->counter_reason);
	fputs("},\n  \"costs\": [", f);
	for (i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[order[i]];
		fputs(i ? ",\n    {\"kind\": " : "\n    {\"kind\": ", f);
		json_string(f, m->kind == CMP_FEATURE ? "feature" : m->kind == CMP_LEVEL ?
		    "level" : "single");
		fputs(", \"name\": ", f);
		json_string(f, m->name);
		fputs(", \"with\": ", f);
		json_string(f, c->variants[m->with].name);
		fputs(", \"without\": ", f);
		json_string(f, c->variants[m->without].name);
		fputs(", \"also_without\": ", f);
		json_string(f, m->also);
		fprintf(f, ", \"status\": \"%s\",\n     \"time\": {\"pairs\": %d, \"ratio\": ",
		    m->failed ? "failed" : "ok", m->pairs);
		json_number(f, m->ratio);
		fputs(", \"low\": ", f);
		json_number(f, m->low);
		fputs(", \"high\": ", f);
		json_number(f, m->high);
		fprintf(f, ", \"within_noise\": %s}, \"instructions\": {\"ratio\": ",
		    !isnan(m->low) && !cmp_resolved(m) ? "true" : "false");
		json_number(f, m->iratio);
		fputs(", \"with\": ", f);
		json_number(f, c->variants[m->with].instructions);
		fputs(", \"without\": ", f);
		json_number(f, c->variants[m->without].instructions);
		fputs("}}", f);
	}
	fputs("\n  ],\n  \"features\": [", f);
	for (i = 0; i < c->nfeatures; i++) {
		const struct feature *ft = &c->features[i];
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
		json_string(f, ft->name);
		fputs(", \"state\": ", f);
		json_string(f, ft->state);
		fputs(", \"value\": ", f);
		json_string(f, ft->value);
		fputs(", \"reason\": ", f);
		json_string(f, ft->reason);
		fprintf(f, ", \"measured\": %s}", feature_has_variant(c, ft->name) ? "true" : "false");
	}
	fputs("\n  ],\n  \"variants\": [", f);
	for (i = 0; i < c->nvariants; i++) {
		const struct variant *v = &c->variants[i];
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
		json_string(f, v->name);
		fputs(", \"status\": ", f);
		json_string(f, v->status == ST_OK ? "ok" : v->status == ST_BUILD_FAILED ?
		    "build-failed" : v->status == ST_RUN_FAILED ? "run-failed" : "not-built");
		fputs(", \"failure\": ", f);
		json_string(f, v->failure);
		fputs(", \"log\": ", f);
		json_string(f, v->status == ST_OK ? "" : v->log);
		fputs(", \"dir\": ", f);
		json_string(f, v->link);
		fputs(", \"enabled\": ", f);
		json_string(f, v->enabled);
		fputs(",\n     \"build_seconds\": ", f);
		json_number(f, v->build_seconds);
		fputs(", \"samples\": [", f);
		for (r = 0; r < c->rounds_done; r++) {
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
	fputs("\n  ],\n  \"note\": ", f);
	json_string(f, cost_note);
	fputs("\n}\n", f);
}

/* ---- Markdown ---- */

void
print_markdown(struct cost *c, FILE *f)
{
	int order[MAX_VARIANTS], i, last = -1;
	char t[160], in[64], title[128], med[32], cnt[32];

	sort_comparisons(c, order);
	fprintf(f, "**harden-cost**: `%s` (%s), level %s, %d round%s of `%s`; time: %s; "
	    "instructions: %s%s%s%s.\n", c->srcdir, frontend_name(c), c->level, c->rounds_done,
	    c->rounds_done == 1 ? "" : "s", c->run, measure_text(c), counter_name(c),
	    *c->counter_reason ? " (" : "", c->counter_reason, *c->counter_reason ? ")" : "");
	for (i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[order[i]];
		if ((int)m->kind != last) {
			fprintf(f, "\n%s:\n\n| cost of | time (median, 95%% interval) | instructions | note |\n"
			    "|---|---|---|---|\n", section_title(c, m->kind, title, sizeof title));
			last = (int)m->kind;
		}
		if (m->failed) {
			failure_text(c, m, t, sizeof t);
			fprintf(f, "| `%s` | failed | failed | %s |\n", m->name, t);
			continue;
		}
		time_text(c, m, t, sizeof t);
		instr_text(m, in, sizeof in);
		fprintf(f, "| `%s` | %s | %s | %s%s |\n", m->name, t, in,
		    *m->also ? "also without " : "", m->also);
	}
	for (i = 0, last = 0; i < c->nfeatures; i++) {
		const struct feature *ft = &c->features[i];
		if (feature_has_variant(c, ft->name))
			continue;
		if (!last++)
			fprintf(f, "\nNot measured:\n\n| feature | state | reason |\n|---|---|---|\n");
		fprintf(f, "| `%s` | %s | %s |\n", ft->name, ft->state,
		    !strcmp(ft->state, "on") ? "not in --features" : ft->reason);
	}
	fprintf(f, "\nVariants:\n\n| variant | status | median | instructions |\n|---|---|---|---|\n");
	for (i = 0; i < c->nvariants; i++) {
		const struct variant *v = &c->variants[i];
		format_sample(c, med, sizeof med, median(v->samples, c->rounds_done));
		format_count(cnt, sizeof cnt, v->instructions);
		fprintf(f, "| `%s` | %s | %s | %s |\n", v->name, status_text(v->status), med, cnt);
	}
	fprintf(f, "\n%s\n", cost_note);
}

/* ---- SVG ---- */

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

#define SVG_W		900
#define SVG_LABEL	230	/* right edge of the labels */
#define SVG_X0		245	/* plot area */
#define SVG_X1		730
#define SVG_TOP		92
#define SVG_ROW		40

int
write_svg(struct cost *c, const char *path)
{
	FILE *f = fopen(path, "w");
	int order[MAX_VARIANTS], rows[MAX_VARIANTS], nrows = 0, i, height;
	double lo = 0, hi = 0, step, t;
	char buf[160];

	if (f == NULL)
		return -1;
	sort_comparisons(c, order);
	for (i = 0; i < c->ncmps; i++) {
		const struct comparison *m = &c->cmps[order[i]];
		double v[4] = { m->ratio, m->low, m->high, m->iratio };
		rows[nrows++] = order[i];
		for (int j = 0; j < 4; j++)
			if (!m->failed && !isnan(v[j])) {
				lo = fmin(lo, (v[j] - 1) * 100);
				hi = fmax(hi, (v[j] - 1) * 100);
			}
	}
	if (hi - lo < 1)
		hi = lo + 1;
	step = nice_step(hi - lo);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	height = SVG_TOP + nrows * SVG_ROW + 70;
#define X(p) (SVG_X0 + ((p) - lo) / (hi - lo) * (SVG_X1 - SVG_X0))
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
	    "font-size=\"13\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    SVG_W, height, SVG_W, height);
	fputs("<text x=\"20\" y=\"26\" font-size=\"16\" font-weight=\"bold\">", f);
	fmt(buf, sizeof buf, "Cost of hardening, level %s (%s build, %d round%s)",
	    c->level, frontend_name(c), c->rounds_done, c->rounds_done == 1 ? "" : "s");
	xml_text(f, buf);
	fputs("</text>\n<text x=\"20\" y=\"46\" fill=\"#555\">", f);
	xml_text(f, c->run);
	fputs("</text>\n", f);
	/* legend */
	fprintf(f, "<rect x=\"20\" y=\"58\" width=\"14\" height=\"10\" fill=\"#3b6fb6\"/>"
	    "<text x=\"40\" y=\"68\">%s: median, 95%% interval (grey: within noise)</text>\n"
	    "<rect x=\"440\" y=\"60\" width=\"14\" height=\"6\" fill=\"#e08a1e\"/>"
	    "<text x=\"460\" y=\"68\">instructions (%s)</text>\n",
	    c->figure ? "figure" : c->cpu_time ? "CPU time" : "wall time", counter_name(c));
	/* grid */
	for (t = lo; t <= hi + step / 2; t += step) {
		double x = X(t);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
		    x, SVG_TOP - 8, x, SVG_TOP + nrows * SVG_ROW, fabs(t) < step / 2 ? "#333" : "#ddd");
		if (fabs(t) < step / 2)
			fmt(buf, sizeof buf, "0 %%");
		else
			fmt(buf, sizeof buf, "%+g %%", t);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#333\">%s</text>\n",
		    x, SVG_TOP + nrows * SVG_ROW + 18, buf);
	}
	for (i = 0; i < nrows; i++) {
		const struct comparison *m = &c->cmps[rows[i]];
		int y = SVG_TOP + i * SVG_ROW;
		double x0 = X(0), right = x0;

		if (i > 0 && m->kind != c->cmps[rows[i - 1]].kind)
			fprintf(f, "<line x1=\"20\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\" "
			    "stroke-dasharray=\"4 3\"/>\n", y, SVG_W - 20, y);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", SVG_LABEL, y + 24);
		xml_text(f, m->name);
		fputs("</text>\n", f);
		if (m->failed) {
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" fill=\"#b00\">failed (see the log)</text>\n",
			    x0 + 6, y + 24);
			continue;
		}
		if (!isnan(m->ratio)) {
			double x = X((m->ratio - 1) * 100);
			const char *fill = isnan(m->low) || cmp_resolved(m) ? "#3b6fb6" : "#a8b3c2";
			fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\"/>\n",
			    fmin(x, x0), y + 6, fmax(fabs(x - x0), 1), fill);
			right = fmax(right, x);
			if (!isnan(m->low)) {
				double a = X((m->low - 1) * 100), b = X((m->high - 1) * 100);
				fprintf(f, "<path d=\"M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d\" "
				    "stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
				    a, y + 8, y + 18, a, y + 13, b, b, y + 8, y + 18);
				right = fmax(right, b);
			}
		}
		if (!isnan(m->iratio)) {
			double x = X((m->iratio - 1) * 100);
			fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"7\" fill=\"#e08a1e\"/>\n",
			    fmin(x, x0), y + 23, fmax(fabs(x - x0), 1));
			right = fmax(right, x);
		}
		buf[0] = '\0';
		if (!isnan(m->ratio)) {
			if (!isnan(m->low) && !cmp_resolved(m))
				fmt(buf, sizeof buf, "time: noise");
			else {
				char p[32];
				percent(p, sizeof p, m->ratio, 1);
				fmt(buf, sizeof buf, "time %s", p);
			}
		}
		if (!isnan(m->iratio)) {
			char p[32];
			percent(p, sizeof p, m->iratio, 2);
			fmt(buf + strlen(buf), sizeof buf - strlen(buf), "%sinstr. %s",
			    *buf ? ", " : "", p);
		}
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#333\">", right + 6, y + 18);
		xml_text(f, buf);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text x=\"20\" y=\"%d\" font-size=\"11\" fill=\"#555\">", height - 28);
	xml_text(f, "Instruction counts overstate nop-like costs (endbr64) and miss cache effects;");
	fprintf(f, "</text>\n<text x=\"20\" y=\"%d\" font-size=\"11\" fill=\"#555\">", height - 13);
	xml_text(f, "time is the final word when its interval resolves.");
	fputs("</text>\n</svg>\n", f);
#undef X
	return fclose(f);
}
