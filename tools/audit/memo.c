/*
 * memo.c - the hash table of memo.h: linear probing over a power-of-two
 * capacity, grown to keep it at most half full.
 */
#include <stdlib.h>
#include <string.h>

#include "memo.h"

static size_t
slot_of(uint64_t key, size_t cap)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 32) & (cap - 1);
}

/* The slot of key: its own, or the empty one where it would go. */
static size_t
find(const struct memo *m, uint64_t key)
{
	size_t i;

	for (i = slot_of(key, m->cap); m->used[i] && m->keys[i] != key;
	    i = (i + 1) & (m->cap - 1))
		;
	return i;
}

static int
grow(struct memo *m)
{
	struct memo old = *m;
	size_t i, j;

	m->cap = old.cap ? old.cap * 2 : 64;
	m->keys = calloc(m->cap, sizeof(*m->keys));
	m->used = calloc(m->cap, 1);
	m->recs = calloc(m->cap, m->size);
	if (m->keys == NULL || m->used == NULL || m->recs == NULL) {
		memo_free(m);
		*m = old;
		return -1;
	}
	for (i = 0; i < old.cap; i++)
		if (old.used[i]) {
			j = find(m, old.keys[i]);
			m->used[j] = 1;
			m->keys[j] = old.keys[i];
			memcpy(m->recs + j * m->size, old.recs + i * m->size,
			    m->size);
		}
	memo_free(&old);
	return 0;
}

void *
memo_get(struct memo *m, uint64_t key, int *fresh)
{
	size_t i;

	*fresh = 0;
	if (m->n * 2 >= m->cap && grow(m) == -1)
		return NULL;
	i = find(m, key);
	if (!m->used[i]) {
		m->used[i] = 1;
		m->keys[i] = key;
		m->n++;
		*fresh = 1;
	}
	return m->recs + i * m->size;
}

void
memo_free(struct memo *m)
{
	free(m->keys);
	free(m->used);
	free(m->recs);
	m->keys = NULL;
	m->used = m->recs = NULL;
}
