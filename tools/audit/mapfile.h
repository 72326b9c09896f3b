/*
 * mapfile.h - open a file for harden-audit: without blocking, a regular
 * file only, its magic checked with one short read before anything is
 * mapped, then mapped read-only (never read whole), so memory grows with
 * what the readers touch, not with the file size.
 */
#ifndef HARDEN_MAPFILE_H
#define HARDEN_MAPFILE_H

#include <stddef.h>

enum binfmt {
	BF_ELF = 1,	/* \177ELF */
	BF_PE = 2,	/* MZ, and "PE\0\0" at e_lfanew */
	BF_AR = 3	/* !<arch>: a static library (archive.h) */
};

struct mapfile {
	const unsigned char *data;
	size_t		size;
	enum binfmt	fmt;
	void		*map;		/* NULL for an empty mapping */
	unsigned char	*buf;		/* standard input, read whole */
	int		setid;		/* set-user-ID or set-group-ID */
	char		err[200];	/* reason of a failure */
};

/*
 * 0 with the file mapped, or -1 with m->err set.  The path "-" is standard
 * input: read whole into memory (a pipe cannot be mapped).
 */
int	map_open(struct mapfile *m, const char *path);
void	map_close(struct mapfile *m);

#endif
