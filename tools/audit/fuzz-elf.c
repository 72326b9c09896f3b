/*
 * fuzz-elf.c - fuzz target for the ELF, PE and ar readers and fact
 * gathering.  An input that starts with "MZ" goes to the PE reader, one
 * that starts with "!<arch>\n" to the archive walk (each member to the ELF
 * reader, as harden-audit does), any other to the ELF reader, as mapfile.c
 * dispatches by the magic.
 *
 * With libFuzzer: clang -fsanitize=fuzzer,address,undefined fuzz-elf.c
 * elf.c pe.c checks.c dwarf.c.  Without it (-DFUZZ_DRIVER), main() replays
 * the files
 * named on the command line through the same entry point, so the target
 * builds with any compiler and can replay a corpus under ASan/UBSan.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "audit.h"
#include "elf.h"
#include "pe.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Read and judge one ELF or PE image, as harden-audit does. */
static void
one_image(const unsigned char *data, size_t size, int is_pe)
{
	struct elf e;
	struct pe p;
	struct facts f;
	struct result r;
	size_t i;
	int ok;

	memset(&e, 0, sizeof(e));
	memset(&p, 0, sizeof(p));
	memset(&f, 0, sizeof(f));
	if (is_pe)
		ok = pe_load(&p, data, size) == 0 && audit_pe_facts(&p, &f) == 0;
	else
		ok = elf_load(&e, data, size) == 0 && audit_facts(&e, &f) == 0;
	if (ok)
		for (i = 0; i < audit_nchecks; i++)
			audit_judge(i, &f, &r);
	audit_facts_free(&f);
	elf_close(&e);		/* neither frees data: not owned */
	pe_close(&p);
}

/* Every member of an archive, each in a copy of its own (ASan bounds). */
static void
archive(const unsigned char *data, size_t size)
{
	struct ar a;
	struct ar_member m;
	unsigned char *copy;

	if (ar_open(&a, data, size) == -1)
		return;
	while (ar_next(&a, &m) == 1) {
		if ((copy = malloc(m.size ? m.size : 1)) == NULL)
			return;
		memcpy(copy, m.data, m.size);
		one_image(copy, m.size, 0);
		free(copy);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy;

	if (audit_nchecks == 0)
		audit_init();
	/* A private copy, so ASan sees reads past the exact input size. */
	if ((copy = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	if (size >= 8 && memcmp(copy, "!<arch>\n", 8) == 0)
		archive(copy, size);
	else
		one_image(copy, size, size >= 2 && copy[0] == 'M' &&
		    copy[1] == 'Z');
	free(copy);
	return 0;
}

#ifdef FUZZ_DRIVER
int
main(int argc, char *argv[])
{
	FILE *fp;
	unsigned char *buf;
	long len;
	int i;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL ||
		    fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) < 0 ||
		    fseek(fp, 0, SEEK_SET) != 0) {
			perror(argv[i]);
			return 2;
		}
		if ((buf = malloc((size_t)len + 1)) == NULL ||
		    fread(buf, 1, (size_t)len, fp) != (size_t)len) {
			perror(argv[i]);
			return 2;
		}
		fclose(fp);
		LLVMFuzzerTestOneInput(buf, (size_t)len);
		free(buf);
	}
	return 0;
}
#endif
