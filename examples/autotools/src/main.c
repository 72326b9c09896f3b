/* tally: print the line, word and byte counts of each file, or of stdin. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tally.h"

static int
tally_stream(FILE *fp, const char *name)
{
	struct tally t;
	char buf[4096], line[256];
	size_t n;

	tally_init(&t);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		tally_feed(&t, buf, n);
	if (ferror(fp)) {
		fprintf(stderr, "tally: %s: %s\n", name, strerror(errno));
		return 1;
	}
	if (tally_format(&t, name, line, sizeof(line)) < 0) {
		fprintf(stderr, "tally: %s: name too long\n", name);
		return 1;
	}
	puts(line);
	return 0;
}

int
main(int argc, char **argv)
{
	int i, status = 0;

	if (argc < 2)
		return tally_stream(stdin, "-");
	for (i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "r");

		if (fp == NULL) {
			fprintf(stderr, "tally: %s: %s\n", argv[i], strerror(errno));
			status = 1;
			continue;
		}
		status |= tally_stream(fp, argv[i]);
		fclose(fp);
	}
	return status ? EXIT_FAILURE : EXIT_SUCCESS;
}
