/*
 * memo.h - a grow-only hash table from a 64-bit key to a record of fixed
 * size, for what the DWARF scan must not compute twice (an abbreviation
 * table by its offset, a producer string by its address).
 */
#ifndef HARDEN_MEMO_H
#define HARDEN_MEMO_H

#include <stddef.h>
#include <stdint.h>

struct memo {
	size_t		size;		/* of a record: set before the first use */
	uint64_t	*keys;		/* open addressing */
	unsigned char	*used, *recs;
	size_t		cap, n;
};

/*
 * The record of key: the one stored, or a new one, zeroed, with *fresh set.
 * The pointer holds until the next memo_get.  NULL when out of memory.
 */
void	*memo_get(struct memo *m, uint64_t key, int *fresh);
void	memo_free(struct memo *m);

#endif
