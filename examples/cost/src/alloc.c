/* An allocator workload: a pool of blocks replaced at random, mostly small
 * (16 to 1024 bytes, the sizes of tcache and the fast bins) and one in 64
 * a few pages, each touched at both ends.  It prices the allocator's
 * run-time knobs, such as glibc's malloc.perturb tunable, which fills every
 * block on malloc and on free: the user-space counterpart of the kernel's
 * init_on_alloc and init_on_free. */
#include <stdlib.h>
#include "costbench.h"

#define SLOTS	256
#define STEPS	1000000u		/* replacements per unit of scale */

static uint32_t next(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return *state >> 8;
}

static size_t block_size(uint32_t r)
{
	return r % 64 == 0 ? 4096 + r % 16384 : 16 + r % 1009;
}

uint32_t work_alloc(unsigned scale)
{
	unsigned char *slot[SLOTS] = { 0 };
	size_t len[SLOTS] = { 0 };
	uint32_t state = 12345, sum = 0;
	unsigned long i;

	for (i = 0; i < (unsigned long)STEPS * scale; i++) {
		uint32_t k = next(&state) % SLOTS;
		if (slot[k] != NULL)
			sum = sum * 31 + slot[k][0] + slot[k][len[k] - 1];
		free(slot[k]);
		len[k] = block_size(next(&state));
		if ((slot[k] = malloc(len[k])) == NULL)
			abort();
		slot[k][0] = (unsigned char)i;
		slot[k][len[k] - 1] = (unsigned char)(i >> 8);
	}
	for (i = 0; i < SLOTS; i++)
		free(slot[i]);
	return sum;
}
