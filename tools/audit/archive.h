/*
 * archive.h - the members of a static library (ar format, as GNU ar and
 * llvm-ar write it), read in place like the ELF reader: every size and
 * offset from the file is checked before use, and a malformed header stops
 * the walk with a message in a->err.
 *
 * Understood: the symbol tables "/" and "/SYM64/" (skipped), the GNU long
 * name table "//" with "/OFFSET" names, "name/" short names, and BSD
 * "#1/LEN" names stored at the start of the member's data.
 */
#ifndef HARDEN_ARCHIVE_H
#define HARDEN_ARCHIVE_H

#include <stddef.h>

struct ar {
	const unsigned char *data;	/* whole archive (not owned) */
	size_t		size;
	size_t		pos;		/* next member header */
	const unsigned char *names;	/* the "//" table, or NULL */
	size_t		nameslen;
	char		err[200];
};

struct ar_member {
	char		name[256];	/* NUL-terminated, may be cut */
	const unsigned char *data;	/* inside the archive */
	size_t		size;
	size_t		offset;		/* of its header, for messages */
};

/* Start the walk of an archive that begins with "!<arch>\n"; 0 or -1. */
int	ar_open(struct ar *a, const unsigned char *data, size_t size);
/* The next object member: 1, 0 at the end, -1 with a->err set. */
int	ar_next(struct ar *a, struct ar_member *m);

#endif
