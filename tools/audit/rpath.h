/*
 * rpath.h - the entries of a DT_RPATH or DT_RUNPATH string by class, as
 * ld.so reads them: a colon-separated list in which an empty entry (a
 * leading, trailing or doubled colon) means the current directory.
 */
#ifndef HARDEN_RPATH_H
#define HARDEN_RPATH_H

struct rpath_classes {
	unsigned	absolute;	/* /usr/lib/foo */
	unsigned	origin;		/* $ORIGIN/../lib, ${ORIGIN} */
	unsigned	relative;	/* lib, ../lib, $LIB/x: from the
					   current directory */
	unsigned	empty;		/* "": the current directory */
};

/* Add the entries of the search path s to c. */
void	rpath_classify(const char *s, struct rpath_classes *c);

#endif
