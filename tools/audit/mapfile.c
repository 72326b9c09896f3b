/*
 * mapfile.c - open, identify and map one operand of harden-audit: see
 * mapfile.h.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mapfile.h"

#define MZ_LFANEW	0x3c

/* The 4 bytes at off: from fd, or from h[0..n) when fd is -1. */
static int
read_at(int fd, const unsigned char *h, ssize_t n, uint32_t off,
    unsigned char sig[4])
{
	if (fd >= 0)
		return pread(fd, sig, 4, (off_t)off) == 4 ? 0 : -1;
	if ((uint64_t)off + 4 > (uint64_t)n)
		return -1;
	memcpy(sig, h + off, 4);
	return 0;
}

/* The format by its magic: 0 with m->fmt set, or -1 with m->err. */
static int
identify(int fd, const unsigned char *h, ssize_t n, struct mapfile *m)
{
	unsigned char sig[4];
	uint32_t lfanew;

	if (n >= 4 && memcmp(h, "\177ELF", 4) == 0) {
		m->fmt = BF_ELF;
		return 0;
	}
	if (n >= 8 && memcmp(h, "!<arch>\n", 8) == 0) {
		m->fmt = BF_AR;
		return 0;
	}
	if (n >= 8 && memcmp(h, "!<thin>\n", 8) == 0) {
		snprintf(m->err, sizeof(m->err), "thin archive: its members "
		    "are not inside it (audit the object files)");
		return -1;
	}
	if (n < 2 || h[0] != 'M' || h[1] != 'Z') {
		snprintf(m->err, sizeof(m->err), "not an ELF, PE or ar file");
		return -1;
	}
	if (n >= MZ_LFANEW + 4) {
		lfanew = (uint32_t)h[MZ_LFANEW] |
		    (uint32_t)h[MZ_LFANEW + 1] << 8 |
		    (uint32_t)h[MZ_LFANEW + 2] << 16 |
		    (uint32_t)h[MZ_LFANEW + 3] << 24;
		if (read_at(fd, h, n, lfanew, sig) == 0 &&
		    memcmp(sig, "PE\0\0", 4) == 0) {
			m->fmt = BF_PE;
			return 0;
		}
	}
	snprintf(m->err, sizeof(m->err), "not an ELF or PE file (MS-DOS MZ "
	    "without a PE header)");
	return -1;
}

/*
 * Standard input, read whole: a pipe cannot be mapped, and the readers
 * want the bytes in memory.  identify() sees them all (fd -1: no pread).
 */
static int
read_stdin(struct mapfile *m)
{
	size_t cap = 1 << 16, len = 0;
	unsigned char *p;
	ssize_t n;

	if ((m->buf = malloc(cap)) == NULL)
		goto nomem;
	for (;;) {
		if (len == cap) {
			if (cap > SIZE_MAX / 2 ||
			    (p = realloc(m->buf, cap * 2)) == NULL)
				goto nomem;
			m->buf = p;
			cap *= 2;
		}
		if ((n = read(STDIN_FILENO, m->buf + len, cap - len)) == 0)
			break;
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(m->err, sizeof(m->err), "standard input: %s",
			    strerror(errno));
			return -1;
		}
		len += (size_t)n;
	}
	m->data = m->buf;
	m->size = len;
	return identify(-1, m->buf, len > SSIZE_MAX ? SSIZE_MAX :
	    (ssize_t)len, m);
nomem:
	snprintf(m->err, sizeof(m->err), "standard input: out of memory");
	return -1;
}

int
map_open(struct mapfile *m, const char *path)
{
	struct stat st;
	unsigned char h[64];
	ssize_t n;
	void *p;
	int fd;

	memset(m, 0, sizeof(*m));
	if (strcmp(path, "-") == 0)
		return read_stdin(m);
	/* O_NONBLOCK: opening a FIFO without a writer must not hang. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) ==
	    -1) {
		int saved = errno;

		/* A socket cannot be opened at all: say what it is. */
		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
			snprintf(m->err, sizeof(m->err), "not a regular file");
		else
			snprintf(m->err, sizeof(m->err), "%s",
			    strerror(saved));
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		snprintf(m->err, sizeof(m->err), "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(m->err, sizeof(m->err), "not a regular file");
		goto out;
	}
	/* The magic first: a huge file that is neither costs one read. */
	if ((n = pread(fd, h, sizeof(h), 0)) == -1) {
		snprintf(m->err, sizeof(m->err), "%s", strerror(errno));
		goto out;
	}
	if (identify(fd, h, n, m) == -1)
		goto out;
	m->setid = (st.st_mode & (S_ISUID | S_ISGID)) != 0;
	if ((uintmax_t)st.st_size > SIZE_MAX) {
		snprintf(m->err, sizeof(m->err), "file too large to map");
		goto out;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		snprintf(m->err, sizeof(m->err), "mmap: %s", strerror(errno));
		goto out;
	}
	close(fd);
	m->map = p;
	m->data = p;
	m->size = (size_t)st.st_size;
	return 0;
out:
	close(fd);
	return -1;
}

void
map_close(struct mapfile *m)
{
	if (m->map != NULL)
		munmap(m->map, m->size);
	free(m->buf);
	m->buf = NULL;
	m->map = NULL;
	m->data = NULL;
	m->size = 0;
}
