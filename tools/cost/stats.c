/*
 * stats.c - harden-cost's statistics.
 *
 * A cost is the ratio of the variant with a feature to the variant without
 * it, paired by round (both ran in the same round, so slow phases of a
 * shared machine hit both): the median of the per-round ratios, with a
 * percentile bootstrap interval over the rounds.  Above 1 the feature
 * costs; when the interval holds 1 the cost is within noise.
 *
 * One report makes many comparisons (every feature, the level, the single
 * features), and a 95% interval each would call about one in twenty costs
 * of nothing resolved.  So the verdicts control the family-wise error of
 * the whole report at 5%, with Holm's step-down correction: the m
 * comparisons with an interval are taken from the strongest (the fewest
 * bootstrap medians on the far side of 1) to the weakest; the k-th (from 0)
 * is tested with an interval at 1 - 0.05/(m - k), and the first that holds
 * 1 stops it: that one and every weaker one are within noise, each shown
 * with the interval at the stopping level (which holds 1 for all of them).
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

/* The cost of with[] against without[] (n > 0 paired rounds) into m;
 * with MIN_PAIRS or more, its bootstrap medians into est and its tail
 * (the fewer of the medians at or below 1 and at or above 1: the interval
 * at error a excludes 1 exactly when tail <= tail_index(a)). */
static void
ratio_ci(const double *with, const double *without, int n, int higher_is_better,
    uint64_t *rng, struct comparison *m, double *est)
{
	double *r = xmalloc(sizeof(double) * (size_t)n);
	int below = 0, above = 0;

	for (int i = 0; i < n; i++)
		r[i] = higher_is_better ? without[i] / with[i] : with[i] / without[i];
	m->ratio = median(r, n);
	if (n >= MIN_PAIRS) {
		bootstrap(r, n, rng, est);
		for (int b = 0; b < BOOTSTRAP; b++) {
			below += est[b] <= 1;
			above += est[b] >= 1;
		}
		m->tail = below < above ? below : above;
	}
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
compare(struct cost *c, struct comparison *m, double *w, double *wo, double *est)
{
	const struct variant *a = &c->variants[m->with], *b = &c->variants[m->without];
	uint64_t rng = comparison_seed(c, m);
	int n = 0;

	m->failed = a->status != ST_OK || b->status != ST_OK;
	m->ratio = m->low = m->high = m->iratio = m->confidence = NAN;
	m->pairs = 0;
	m->tail = -1;
	m->resolved = 0;
	if (m->failed)
		return;
	for (int r = 0; r < c->rounds_done; r++)
		if (!isnan(a->samples[r]) && !isnan(b->samples[r])) {
			w[n] = a->samples[r];
			wo[n++] = b->samples[r];
		}
	m->pairs = n;
	if (n > 0)
		ratio_ci(w, wo, n, c->o->higher_is_better, &rng, m, est);
	if (!isnan(a->instructions) && !isnan(b->instructions) && b->instructions > 0)
		m->iratio = a->instructions / b->instructions;
}

/* The comparisons with an interval, strongest (smallest tail) first. */
static int
by_tail(const void *x, const void *y)
{
	const struct comparison *a = *(const struct comparison *const *)x;
	const struct comparison *b = *(const struct comparison *const *)y;

	return a->tail != b->tail ? a->tail - b->tail : a < b ? -1 : a > b;
}

/* Every comparison, then Holm's step-down over those with an interval. */
void
compare_all(struct cost *c)
{
	double *w = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));
	double *wo = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));
	double *est = xmalloc(sizeof(double) * (size_t)BOOTSTRAP * (size_t)(c->ncmps + 1));
	struct comparison *tested[MAX_VARIANTS];
	int m = 0, stopped = 0;
	double a = ALPHA;

	for (int i = 0; i < c->ncmps; i++) {
		compare(c, &c->cmps[i], w, wo, est + (size_t)i * BOOTSTRAP);
		if (c->cmps[i].tail >= 0)
			tested[m++] = &c->cmps[i];
	}
	qsort(tested, (size_t)m, sizeof tested[0], by_tail);
	for (int k = 0; k < m; k++) {
		const double *e = est + (size_t)(tested[k] - c->cmps) * BOOTSTRAP;
		if (!stopped) {
			a = ALPHA / (m - k);
			stopped = tested[k]->tail > tail_index(a);
		}
		tested[k]->resolved = !stopped;
		interval(tested[k], e, a);
	}
	c->ntested = m;
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
	int kind = m->kind == CMP_FEATURE ? 0 : m->kind == CMP_LEVEL ? 1 : 2;
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
