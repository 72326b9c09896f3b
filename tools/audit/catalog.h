/*
 * catalog.h - the features of catalog/features.txt as harden-audit needs
 * them.  features.c is generated from the catalog by build-aux/embed-catalog
 * (make embed), so a feature added there reaches --list and --expect here.
 */
#ifndef HARDEN_CATALOG_H
#define HARDEN_CATALOG_H

#include <stddef.h>

#define CAT_MAX_FEATURES	64	/* a feature is one bit of a uint64_t */

struct cat_feature {
	const char	*name;
	const char	*level;		/* standard, strict */
	const char	*summary;
	const char	*flag;		/* the first compiler flag of its best
					   value (what a recorded command line
					   shows), else its last preprocessor
					   flag, NULL when it has neither */
	const char	*proof;		/* the proof of its best value: sym:...,
					   elf:..., pe:..., asm, reject */
	const char	*audit;		/* NULL: no audit row; "": a binary
					   proves it on every target; else on
					   targets with this trait only */
	const char	*requires;	/* its REQUIRES list (optimize,...),
					   "-" for none */
	unsigned	where;		/* where the flags of its best value go */
};

/* cat_feature.where */
#define CAT_CPP	1	/* the preprocessor (cpp:) */
#define CAT_CC	2	/* the compiler (cc:, cc+ld:, exe-cc:) */
#define CAT_LD	4	/* the linker (ld:, cc+ld:, exe-ld:) */

/*
 * A builder pattern of the catalog: a flag that decides the feature, on or
 * off.  '*' is the only wildcard.  On a command line, the first pattern
 * that matches a word gives its sense, and the last such word counts.
 */
struct cat_switch {
	size_t		feature;	/* index in cat_features */
	const char	*pattern;
	int		on;
};

extern const struct cat_feature	cat_features[];
extern const size_t		cat_nfeatures;
extern const struct cat_switch	cat_switches[];
extern const size_t		cat_nswitches;

/* Whether the len bytes at word match pattern ('*' matches any run). */
int	cat_match(const char *pattern, const char *word, size_t len);
/* The catalog index of the feature called name, or -1. */
int	cat_find(const char *name);
/* Whether feature k requires what (an entry of its REQUIRES list). */
int	cat_requires(size_t k, const char *what);

#endif
