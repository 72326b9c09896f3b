/* libtally: count the lines, words and bytes of a text, as wc(1) does. */
#ifndef TALLY_H
#define TALLY_H

#include <stddef.h>

struct tally {
	size_t lines;
	size_t words;
	size_t bytes;
	int in_word;		/* the last byte seen was part of a word */
};

void	tally_init(struct tally *);
void	tally_feed(struct tally *, const char *, size_t);
int	tally_format(const struct tally *, const char *, char *, size_t);

#endif /* TALLY_H */
