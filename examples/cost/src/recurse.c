/* Deep recursion with local arrays: a canary in every frame
 * (stack-protector) and, every 16th level, a frame larger than a page that
 * stack-clash-protection probes page by page. */
#include <string.h>
#include "costbench.h"

/* Keeps the arrays alive without letting the compiler see through them. */
static uint32_t (*volatile mix)(const unsigned char *p, size_t len, uint32_t seed);

static uint32_t mix_bytes(const unsigned char *p, size_t len, uint32_t seed)
{
	size_t i;

	for (i = 0; i < len; i += 97)
		seed = seed * 16777619u ^ p[i];
	return seed;
}

static uint32_t descend(unsigned depth, uint32_t seed);

static uint32_t big_frame(unsigned depth, uint32_t seed)
{
	unsigned char page[6000];

	memset(page, (int)(seed & 0xff), sizeof page);
	page[depth % sizeof page] = (unsigned char)depth;
	return mix(page, sizeof page, descend(depth - 1, seed));
}

static uint32_t descend(unsigned depth, uint32_t seed)
{
	unsigned char local[48];
	size_t i;

	if (depth == 0)
		return seed;
	if (depth % 16 == 0)
		return big_frame(depth, seed);
	for (i = 0; i < sizeof local; i++)
		local[i] = (unsigned char)(seed >> (i % 4 * 8)) ^ (unsigned char)depth;
	return mix(local, sizeof local, descend(depth - 1, seed + depth));
}

uint32_t work_recurse(unsigned scale)
{
	uint32_t sum = 0;
	unsigned i;

	mix = mix_bytes;
	for (i = 0; i < 230 * scale; i++)
		sum += descend(1000, i);
	return sum;
}
