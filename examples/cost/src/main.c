/* costbench WORKLOAD [SCALE]: runs one workload (sha256, lrange, parse,
 * recurse, alloc, or all) and prints its checksum.  SCALE multiplies the work;
 * the default takes some 50 ms natively, a few seconds under callgrind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "costbench.h"

static const struct {
	const char *name;
	uint32_t (*run)(unsigned scale);
} workloads[] = {
	{"sha256", work_sha256},
	{"lrange", work_lrange},
	{"parse", work_parse},
	{"recurse", work_recurse},
	{"alloc", work_alloc},
};
#define NWORKLOADS (sizeof workloads / sizeof workloads[0])

int main(int argc, char **argv)
{
	unsigned scale = 1;
	size_t i;
	int found = 0;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: costbench sha256|lrange|parse|recurse|alloc|all [SCALE]\n");
		return 2;
	}
	if (argc == 3) {
		char *end;
		unsigned long n = strtoul(argv[2], &end, 10);
		if (*end || n == 0 || n > 100000) {
			fprintf(stderr, "costbench: bad scale %s\n", argv[2]);
			return 2;
		}
		scale = (unsigned)n;
	}
	for (i = 0; i < NWORKLOADS; i++) {
		if (strcmp(argv[1], "all") && strcmp(argv[1], workloads[i].name))
			continue;
		printf("%s %08lx\n", workloads[i].name, (unsigned long)workloads[i].run(scale));
		found = 1;
	}
	if (!found) {
		fprintf(stderr, "costbench: unknown workload %s\n", argv[1]);
		return 2;
	}
	return 0;
}
