/*
 * stats.c - harden-cost's statistics.
 *
 * A cost is the ratio of the variant with a feature to the variant without
 * it, paired by round (both ran in the same round, so slow phases of a
 * shared machine hit both): the median of the per-round ratios, with a
 * percentile bootstrap 95% interval over the rounds.  Above 1 the feature
 * costs; when the interval holds 1 the cost is within noise.
 */
#define _XOPEN_SOURCE	700
#include <math.h>
#include <stdlib.h>

#include "cost.h"

#define BOOTSTRAP	2000
/* Below this many rounds a bootstrap interval only restates the spread of
 * a handful of samples: no interval, no verdict. */
#define MIN_PAIRS	5

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

/* The percentile bootstrap interval of the median of the n ratios r. */
static void
bootstrap(const double *r, int n, uint64_t *rng, double *low, double *high)
{
	double *s = xmalloc(sizeof(double) * (size_t)n);
	double *est = xmalloc(sizeof(double) * BOOTSTRAP);

	for (int b = 0; b < BOOTSTRAP; b++) {
		for (int i = 0; i < n; i++)
			s[i] = r[rng_next(rng) % (uint64_t)n];
		est[b] = median(s, n);
	}
	qsort(est, BOOTSTRAP, sizeof *est, by_value);
	*low = est[BOOTSTRAP * 25 / 1000];
	*high = est[BOOTSTRAP * 975 / 1000 - 1];
	free(s);
	free(est);
}

/* The cost of with[] against without[] (n > 0 paired rounds) into m. */
static void
ratio_ci(const double *with, const double *without, int n, int higher_is_better,
    uint64_t *rng, struct comparison *m)
{
	double *r = xmalloc(sizeof(double) * (size_t)n);

	for (int i = 0; i < n; i++)
		r[i] = higher_is_better ? without[i] / with[i] : with[i] / without[i];
	m->ratio = median(r, n);
	if (n >= MIN_PAIRS)
		bootstrap(r, n, rng, &m->low, &m->high);
	free(r);
}

/* One comparison, over the rounds where both of its variants ran. */
static void
compare(struct cost *c, struct comparison *m, double *w, double *wo)
{
	const struct variant *a = &c->variants[m->with], *b = &c->variants[m->without];
	int n = 0;

	m->failed = a->status != ST_OK || b->status != ST_OK;
	m->ratio = m->low = m->high = m->iratio = NAN;
	m->pairs = 0;
	if (m->failed)
		return;
	for (int r = 0; r < c->rounds_done; r++)
		if (!isnan(a->samples[r]) && !isnan(b->samples[r])) {
			w[n] = a->samples[r];
			wo[n++] = b->samples[r];
		}
	m->pairs = n;
	if (n > 0)
		ratio_ci(w, wo, n, c->o->higher_is_better, &c->rng, m);
	if (!isnan(a->instructions) && !isnan(b->instructions) && b->instructions > 0)
		m->iratio = a->instructions / b->instructions;
}

void
compare_all(struct cost *c)
{
	double *w = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));
	double *wo = xmalloc(sizeof(double) * (size_t)(c->o->max_rounds + 1));

	for (int i = 0; i < c->ncmps; i++)
		compare(c, &c->cmps[i], w, wo);
	free(w);
	free(wo);
}

int
cmp_resolved(const struct comparison *m)
{
	return !isnan(m->low) && (m->low > 1 || m->high < 1);
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
