/*
 * elf.h - a small bounds-checked ELF reader for harden-audit.
 *
 * It reads an image that is already in memory (mapped by mapfile.c, never
 * read whole), so memory grows with the tables that are touched, not with
 * the file size.  ELF32/ELF64 headers of either
 * byte order are converted at the boundary into the native 64-bit structs
 * below, so that nothing outside elf.c branches on class or endianness.
 * Every offset, size and count taken from the file is checked against the
 * file size before it is used; a violation makes the loader (or the
 * accessor) fail with a message in e->err instead of reading out of bounds.
 */
#ifndef HARDEN_ELF_H
#define HARDEN_ELF_H

#include <stddef.h>
#include <stdint.h>

struct elf_phdr {
	uint32_t	type;
	uint32_t	flags;
	uint64_t	offset;
	uint64_t	vaddr;
	uint64_t	filesz;
	uint64_t	memsz;
	uint64_t	align;
};

struct elf_shdr {
	uint32_t	name;
	uint32_t	type;
	uint64_t	flags;
	uint64_t	addr;
	uint64_t	offset;
	uint64_t	size;
	uint32_t	link;
	uint32_t	info;
	uint64_t	addralign;
	uint64_t	entsize;
};

struct elf_sym {
	const char	*name;		/* NUL-terminated, inside the file buffer */
	uint64_t	value;
	uint64_t	size;
	unsigned char	bind;
	unsigned char	type;
	uint16_t	shndx;
};

struct elf_dyn {
	int64_t		tag;
	uint64_t	val;
};

/* Where the last NUL of a string table is: makes elf_str() O(1). */
struct elf_strlim {
	uint64_t	tab, tabsz;
	uint64_t	lim;		/* strings must start before lim */
};

struct elf {
	const unsigned char *data;	/* whole file (mapped, not owned) */
	size_t		size;
	struct elf_strlim *lim;		/* small cache, see elf_str() */
	int		is64;		/* ELFCLASS64 */
	int		big;		/* ELFDATA2MSB */
	uint16_t	type;		/* e_type */
	uint16_t	machine;	/* e_machine */
	uint64_t	entry;
	struct elf_phdr	*ph;
	size_t		phnum;
	struct elf_shdr	*sh;
	size_t		shnum;
	size_t		shstrndx;	/* 0 if none */
	struct elf_dyn	*dyn;		/* from PT_DYNAMIC (or SHT_DYNAMIC), up to DT_NULL */
	size_t		dynnum;
	char		err[200];	/* reason of the last failure */
};

/*
 * Validate an in-memory image (not copied; must outlive e); 0 on success,
 * -1 with e->err set.
 */
int	elf_load(struct elf *e, const unsigned char *data, size_t size);
void	elf_close(struct elf *e);

/* Pointer to [off, off+len) of the file, or NULL if it is not inside it. */
const unsigned char *elf_ptr(const struct elf *e, uint64_t off, uint64_t len);
/* Map a virtual address range to a file offset through PT_LOAD; -1 if unmapped. */
int	elf_vtooff(const struct elf *e, uint64_t vaddr, uint64_t len, uint64_t *off);
/*
 * String at off inside a string table [tab, tab+tabsz); NULL if not
 * NUL-terminated inside.  Constant time after the first call for a table.
 */
const char *elf_str(const struct elf *e, uint64_t tab, uint64_t tabsz, uint64_t off);
/* Section name, or NULL. */
const char *elf_secname(const struct elf *e, const struct elf_shdr *s);
/* First section called name, or NULL. */
const struct elf_shdr *elf_section(const struct elf *e, const char *name);
/* Value of the first dynamic tag, 1 if present, 0 if absent. */
int	elf_dynval(const struct elf *e, int64_t tag, uint64_t *val);

/*
 * Iterate over a symbol table.  which is 0 for the dynamic symbols (found via
 * SHT_DYNSYM, or DT_SYMTAB/DT_STRTAB and DT_HASH/DT_GNU_HASH when there are no
 * section headers) and 1 for SHT_SYMTAB.  fn returns non-zero to stop.
 * Returns -1 on malformed data (e->err set), 0 if the table does not exist
 * (*found = 0) or was walked.
 */
int	elf_symbols(struct elf *e, int which, int *found,
	    int (*fn)(const struct elf_sym *, void *), void *arg);

/*
 * Iterate over the notes in [off, off+len) of a section (segment 0) or a
 * segment (segment 1); align is its sh_addralign or p_align (8, else 4).
 * The notes of a section share its alignment.  Those of an 8-aligned
 * segment may not (mold), so there each note gets its own alignment (8
 * for an ELF64 GNU property note, 4 for the others) or, if that reading
 * fails, the segment's.  fn gets the owner name (NUL-terminated or NULL),
 * type and descriptor, and returns non-zero to stop.  Returns -1 on
 * malformed notes (e->err set).
 */
int	elf_notes(struct elf *e, uint64_t off, uint64_t len, uint64_t align,
	    int segment, int (*fn)(const char *, uint32_t,
	    const unsigned char *, uint64_t, void *), void *arg);

uint16_t	elf_rd16(const struct elf *e, const unsigned char *p);
uint32_t	elf_rd32(const struct elf *e, const unsigned char *p);
uint64_t	elf_rd64(const struct elf *e, const unsigned char *p);

#endif
