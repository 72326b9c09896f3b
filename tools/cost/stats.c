/*
 * stats.c - harden-cost's statistics.
 *
 * A cost is the ratio of the variant with a feature to the variant without
 * it, paired by round (both ran in the same round, so slow phases of a
 * shared machine hit both): the median of the per-round ratios, with a
 * percentile bootstrap interval over the rounds.  Above 1 the feature
 * costs; when the interval holds 1 the cost is within noise.
 *
 * Each variant is built in several layouts (layout.c), and round r runs
 * layout r mod K of both, so the rounds of a cost fall into K groups, and
 * the layout is the unit of the experiment: the runs of one layout share
 * its alignment.  So with K >= 2 layouts the cost is the geometric mean
 * of the K layouts' geometric mean ratios, and its interval Student's t
 * with K - 1 degrees of freedom on the logs of those means (the analysis
 * of cluster means; on logs, as a cost multiplies): it is as wide as
 * the layouts disagree, runs' noise included, and holds its level with few
 * layouts, where a bootstrap over 3 clusters would not (it can never
 * reach past the most extreme layout).  The report shows both parts of the
 * spread: the standard deviation of the layouts' means, and the pooled one
 * of the runs within a layout.  With one layout it is the median and the
 * percentile bootstrap over the rounds.
 *
 * The control comparison is the baseline against itself built in other
 * layouts: its true cost is zero.  When its interval excludes 1 anyway
 * (with the correction below, as one of the family), the machine or the
 * workload moves more than the intervals allow for, and the report gives
 * no time verdict at all (too_noisy).
 *
 * One report makes many comparisons (every feature, the level, the single
 * features, the control), and a 95% interval each would call about one in
 * twenty costs of nothing resolved.  So the verdicts control the
 * family-wise error of the whole report at 5%, with Holm's step-down
 * correction: the m comparisons with an interval are taken from the
 * strongest (the smallest p: the fewest bootstrap medians on the far side
 * of 1, or Student's) to the weakest; the k-th (from 0) is tested with an
 * interval at 1 - 0.05/(m - k), and the first that holds 1 stops it: that
 * one and every weaker one are within noise, each shown with the interval
 * at the stopping level (which holds 1 for all of them).
 * Holm rather than simultaneous bootstrap intervals: it keeps each
 * comparison's percentile bootstrap as it is (only the level moves), needs
 * no joint resampling of comparisons whose rounds differ, assumes nothing
 * about how the comparisons depend on each other (every feature's shares
 * the level's variant), and resolves at least what Bonferroni would.
 */
#define _XOPEN_SOURCE	700
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"

/* Resamplings: enough for the tails of 1 - 0.05/m with m up to some 50. */
#define BOOTSTRAP	10000
/* The family-wise error rate of a report. */
#define ALPHA		0.05
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

/* The n ratios grouped by layout: group j holds member[start[j]] up to
 * member[start[j + 1]]; only the layouts that have a ratio. */
struct groups {
	int	n, count;
	int	start[MAX_LAYOUTS + 1];
	int	member[1];		/* n of them */
};

static struct groups *
group_ratios(const int *layout, int n)
{
	struct groups *g = xmalloc(sizeof *g + sizeof(int) * (size_t)n);

	g->n = n;
	g->count = 0;
	g->start[0] = 0;
	for (int l = 0; l < MAX_LAYOUTS; l++) {
		int at = g->start[g->count];
		for (int i = 0; i < n; i++)
			if (layout[i] == l)
				g->member[at++] = i;
		if (at > g->start[g->count])
			g->start[++g->count] = at;
	}
	return g;
}

/* The bootstrap medians of the n ratios r, sorted, into est[BOOTSTRAP]. */
static void
bootstrap(const double *r, int n, uint64_t *rng, double *est)
{
	double *s = xmalloc(sizeof(double) * (size_t)n);

	for (int b = 0; b < BOOTSTRAP; b++) {
		for (int i = 0; i < n; i++)
			s[i] = r[rng_next(rng) % (uint64_t)n];
		qsort(s, (size_t)n, sizeof *s, by_value);	/* median(), in place */
		est[b] = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	}
	qsort(est, BOOTSTRAP, sizeof *est, by_value);
	free(s);
}

/* ---- Student's t, for the layouts' means ---- */

/* The continued fraction of the regularized incomplete beta function
 * (Lentz's method, as in Numerical Recipes' betacf). */
static double
beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h, aa;

	d = 1 / (fabs(d) < 1e-300 ? 1e-300 : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		for (int k = 0; k < 2; k++) {
			d = 1 + aa * d;
			d = 1 / (fabs(d) < 1e-300 ? 1e-300 : d);
			c = 1 + aa / c;
			c = fabs(c) < 1e-300 ? 1e-300 : c;
			h *= d * c;
			aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		}
		if (fabs(d * c - 1) < 1e-14)
			break;
	}
	return h;
}

/* I_x(a, b) */
static double
incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0 || x >= 1)
		return x <= 0 ? 0 : 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

/* P(|T| >= t) for Student's T with df degrees of freedom. */
static double
t_two_sided(double t, int df)
{
	return incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

/* The t with P(|T| >= t) = a (by bisection: it falls as t grows). */
static double
t_quantile(double a, int df)
{
	double lo = 0, hi = 1e6;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;
		if (t_two_sided(mid, df) > a)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The mean of x[] in each layout into means[] and the mean of those into
 * *all; returns the sum of the squares of x[] around its layout's mean. */
static double
layout_means(const double *x, const struct groups *g, double *means, double *all)
{
	double within = 0;

	*all = 0;
	for (int j = 0; j < g->count; j++) {
		int from = g->start[j], to = g->start[j + 1];
		means[j] = 0;
		for (int i = from; i < to; i++)
			means[j] += x[g->member[i]] / (to - from);
		*all += means[j] / g->count;
		for (int i = from; i < to; i++)
			within += (x[g->member[i]] - means[j]) * (x[g->member[i]] - means[j]);
	}
	return within;
}

/* The two parts of the spread of the ratios: the standard deviation of
 * the layouts' means, and the pooled one of the runs around their
 * layout's mean (NAN where there are too few to tell). */
static void
spread(const double *r, const struct groups *g, struct comparison *m)
{
	double means[MAX_LAYOUTS], all, between = 0;
	double within = layout_means(r, g, means, &all);

	for (int j = 0; j < g->count; j++)
		between += (means[j] - all) * (means[j] - all);
	m->sd_layouts = g->count > 1 ? sqrt(between / (g->count - 1)) : NAN;
	m->sd_runs = g->n > g->count ? sqrt(within / (g->n - g->count)) : NAN;
}

/* The index of the lower bound of the two-sided percentile interval at
 * error a; the upper one is BOOTSTRAP - 1 - it. */
static int
tail_index(double a)
{
	return (int)floor(BOOTSTRAP * a / 2 * (1 + 1e-12));
}

/* The interval of m at error a (its bootstrap est). */
static void
interval(struct comparison *m, const double *est, double a)
{
	m->low = est[tail_index(a)];
	m->high = est[BOOTSTRAP - 1 - tail_index(a)];
	m->confidence = 1 - a;
}

/* With layouts, on the log of the ratios (a cost multiplies, and its
 * interval stays above 0): the geometric mean of the layouts' geometric
 * means, the standard error of its log, and the p of Student's t against
 * a ratio of 1.  The standard error is never below what the runs' own
 * noise gives the mean (their pooled variance within a layout over each
 * layout's runs): with few layouts their means can agree by chance, and
 * an interval from that alone would be narrower than the runs allow (a
 * relro cost of -6.6 % [-9.5 %, -3.7 %] with runs at +-6.9 %, 4 a layout,
 * did so on examples/cost). */
static void
layout_t(const double *r, const struct groups *g, struct comparison *m)
{
	double means[MAX_LAYOUTS], mean, var = 0, within, runs_var = 0;
	double *lr = xmalloc(sizeof(double) * (size_t)g->n);

	for (int i = 0; i < g->n; i++)
		lr[i] = log(r[i]);
	within = layout_means(lr, g, means, &mean);
	free(lr);
	for (int j = 0; j < g->count; j++)
		var += (means[j] - mean) * (means[j] - mean) / (g->count - 1);
	if (g->n > g->count) {
		within /= g->n - g->count;
		for (int j = 0; j < g->count; j++)
			runs_var += within / (g->start[j + 1] - g->start[j]) /
			    ((double)g->count * g->count);
	}
	m->ratio = exp(mean);
	m->df = g->count - 1;
	m->se = sqrt(fmax(var / g->count, runs_var));
	m->p = m->se > 0 ? t_two_sided(fabs(mean) / m->se, m->df) : mean != 0 ? 0 : 1;
}

/* The cost of with[] against without[] (n > 0 paired rounds, of the
 * layouts layout[]) into m; with MIN_PAIRS or more, its bootstrap medians
 * into est and its tail (the fewer of the medians at or below 1 and at or
 * above 1: the interval at error a excludes 1 exactly when tail <=
 * tail_index(a)). */
static void
ratio_ci(const double *with, const double *without, const int *layout, int n,
    int higher_is_better, uint64_t *rng, struct comparison *m, double *est)
{
	double *r = xmalloc(sizeof(double) * (size_t)n);
	struct groups *g = group_ratios(layout, n);
	int below = 0, above = 0;

	for (int i = 0; i < n; i++)
		r[i] = higher_is_better ? without[i] / with[i] : with[i] / without[i];
	m->ratio = median(r, n);
	spread(r, g, m);
	if (n >= MIN_PAIRS && g->count > 1)
		layout_t(r, g, m);
	else if (n >= MIN_PAIRS) {
		bootstrap(r, n, rng, est);
		for (int b = 0; b < BOOTSTRAP; b++) {
			below += est[b] <= 1;
			above += est[b] >= 1;
		}
		m->tail = below < above ? below : above;
		m->p = 2.0 * m->tail / BOOTSTRAP;
	}
	free(g);
	free(r);
}


/* A seed of its own for each comparison (from --seed and its name), so
 * that its resampling does not depend on the shuffles or on the other
 * comparisons of the report. */
static uint64_t
comparison_seed(const struct cost *c, const struct comparison *m)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (const char *p = m->name; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return c->o->seed ^ h;
}

/* One comparison, over the rounds where both of its variants ran. */
static void
compare(struct cost *c, struct comparison *m, double *w, double *wo, int *layout,
    double *est)
{
	const struct variant *a = &c->variants[m->with], *b = &c->variants[m->without];
	uint64_t rng = comparison_seed(c, m);
	int n = 0;

	m->failed = a->status != ST_OK || b->status != ST_OK;
	m->ratio = m->low = m->high = m->iratio = m->confidence = NAN;
	m->sd_layouts = m->sd_runs = NAN;
	m->pairs = 0;
	m->tail = -1;
	m->p = m->se = NAN;
	m->df = 0;
	m->resolved = 0;
	if (m->failed)
		return;
	for (int r = 0; r < c->rounds_done; r++)
		if (!isnan(a->samples[r]) && !isnan(b->samples[r])) {
			layout[n] = round_layout(c, r);
			w[n] = a->samples[r];
			wo[n++] = b->samples[r];
		}
	m->pairs = n;
	if (n > 0)
		ratio_ci(w, wo, layout, n, c->o->higher_is_better, &rng, m, est);
	if (!isnan(a->instructions) && !isnan(b->instructions) && b->instructions > 0)
		m->iratio = a->instructions / b->instructions;
}

/* The comparisons with an interval, strongest (smallest p) first. */
static int
by_p(const void *x, const void *y)
{
	const struct comparison *a = *(const struct comparison *const *)x;
	const struct comparison *b = *(const struct comparison *const *)y;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The interval of m at error a holds 1. */
static int
holds_one(const struct comparison *m, double a)
{
	return m->df > 0 ? m->p > a : m->tail > tail_index(a);
}

/* The interval of m at error a: Student's with layouts, else the
 * bootstrap's (its medians est). */
static void
interval_at(struct comparison *m, const double *est, double a)
{
	if (m->df == 0) {
		interval(m, est, a);
		return;
	}
	m->low = m->ratio * exp(-t_quantile(a, m->df) * m->se);
	m->high = m->ratio * exp(t_quantile(a, m->df) * m->se);
	m->confidence = 1 - a;
}

/* Every comparison, then Holm's step-down over those with an interval;
 * then the control's verdict. */
void
compare_all(struct cost *c)
{
	double *w = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));
	double *wo = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));
	int *layout = xmalloc(sizeof(int) * (size_t)(c->o->max_rounds + 1));
	double *est = xmalloc(sizeof(double) * (size_t)BOOTSTRAP * (size_t)(c->ncmps + 1));
	struct comparison *tested[MAX_VARIANTS];
	int m = 0, stopped = 0;
	double a = ALPHA;

	for (int i = 0; i < c->ncmps; i++) {
		compare(c, &c->cmps[i], w, wo, layout, est + (size_t)i * BOOTSTRAP);
		if (!isnan(c->cmps[i].p))
			tested[m++] = &c->cmps[i];
	}
	qsort(tested, (size_t)m, sizeof tested[0], by_p);
	for (int k = 0; k < m; k++) {
		const double *e = est + (size_t)(tested[k] - c->cmps) * BOOTSTRAP;
		if (!stopped) {
			a = ALPHA / (m - k);
			stopped = holds_one(tested[k], a);
		}
		tested[k]->resolved = !stopped;
		interval_at(tested[k], e, a);
	}
	c->ntested = m;
	c->too_noisy = 0;
	for (int i = 0; i < c->ncmps; i++)
		if (c->cmps[i].kind == CMP_CONTROL && c->cmps[i].resolved)
			c->too_noisy = 1;
	free(layout);
	free(w);
	free(wo);
	free(est);
}

/* The interval excludes 1 for the whole report (Holm). */
int
cmp_resolved(const struct comparison *m)
{
	return m->resolved;
}

/* ---- the order of the reports ---- */

struct sort_key {
	int	group;
	double	value;
	int	index;
};

/* Costliest first: features whose time cost is resolved and positive (by
 * time: it is the final word), then the rest by instructions (by time when
 * not counted), failures last; features, then the level, then single
 * features. */
static struct sort_key
sort_key(const struct comparison *m, int index)
{
	struct sort_key k;
	int kind = (int)m->kind;	/* feature, level, single, env, control */
	int costs = cmp_resolved(m) && m->ratio > 1;

	k.group = kind * 3 + (m->failed ? 2 : costs ? 0 : 1);
	if (m->failed)
		k.value = 0;
	else if (costs || isnan(m->iratio))
		k.value = isnan(m->ratio) ? -1e9 : m->ratio;
	else
		k.value = m->iratio;
	k.index = index;
	return k;
}

static int
by_cost(const void *a, const void *b)
{
	const struct sort_key *x = a, *y = b;

	if (x->group != y->group)
		return x->group - y->group;
	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	return x->index - y->index;
}

/* order[]: the indexes of the comparisons, costliest first. */
void
sort_comparisons(const struct cost *c, int *order)
{
	struct sort_key keys[MAX_VARIANTS];

	for (int i = 0; i < c->ncmps; i++)
		keys[i] = sort_key(&c->cmps[i], i);
	qsort(keys, (size_t)c->ncmps, sizeof keys[0], by_cost);
	for (int i = 0; i < c->ncmps; i++)
		order[i] = keys[i].index;
}
