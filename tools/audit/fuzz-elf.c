/*
 * fuzz-elf.c - fuzz target for the ELF and PE readers and fact gathering.
 * An input that starts with "MZ" goes to the PE reader, any other to the
 * ELF reader, as mapfile.c dispatches by the magic.
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

#include "audit.h"
#include "elf.h"
#include "pe.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf e;
	struct pe p;
	struct facts f;
	struct result r;
	unsigned char *copy;
	size_t i;
	int ok;

	if (audit_nchecks == 0)
		audit_init();
	/* A private copy, so ASan sees reads past the exact input size. */
	if ((copy = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	memset(&e, 0, sizeof(e));
	memset(&p, 0, sizeof(p));
	memset(&f, 0, sizeof(f));
	if (size >= 2 && copy[0] == 'M' && copy[1] == 'Z')
		ok = pe_load(&p, copy, size) == 0 && audit_pe_facts(&p, &f) == 0;
	else
		ok = elf_load(&e, copy, size) == 0 && audit_facts(&e, &f) == 0;
	if (ok)
		for (i = 0; i < audit_nchecks; i++)
			audit_judge(i, &f, &r);
	audit_facts_free(&f);
	elf_close(&e);		/* neither frees copy: not owned */
	pe_close(&p);
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
