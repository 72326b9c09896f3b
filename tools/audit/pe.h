/*
 * pe.h - a small bounds-checked reader of Windows PE images (PE32 and
 * PE32+) for harden-audit.
 *
 * Like elf.h it reads an image that is already in memory (mapped by
 * mapfile.c, never read whole) and touches only the headers and tables it
 * is asked for: the section table, the data directories, the import
 * tables, the COFF symbol table, the load configuration and the debug
 * directory.  Every offset, RVA, size and count from the file is checked
 * before use; a violation makes the call fail with a message in p->err.
 * Integers are little-endian on every PE machine and are assembled byte by
 * byte, so the reader works on any host.
 */
#ifndef HARDEN_PE_H
#define HARDEN_PE_H

#include <stddef.h>
#include <stdint.h>

/* Machines (COFF file header). */
#define PE_MACHINE_I386			0x014c
#define PE_MACHINE_AMD64		0x8664
#define PE_MACHINE_ARM64		0xaa64

/* DllCharacteristics (optional header). */
#define PE_DLLCHAR_HIGH_ENTROPY_VA	0x0020
#define PE_DLLCHAR_DYNAMIC_BASE		0x0040
#define PE_DLLCHAR_NX_COMPAT		0x0100
#define PE_DLLCHAR_NO_SEH		0x0400
#define PE_DLLCHAR_GUARD_CF		0x4000
/* Characteristics (COFF file header). */
#define PE_FILE_RELOCS_STRIPPED		0x0001
#define PE_FILE_DLL			0x2000
/* Section characteristics. */
#define PE_SCN_MEM_EXECUTE		0x20000000u
#define PE_SCN_MEM_WRITE		0x80000000u
/* Load configuration GuardFlags; debug type 20 (EX_DLLCHARACTERISTICS). */
#define PE_GUARD_CF_INSTRUMENTED	0x0100
#define PE_EXDLLCHAR_CET_COMPAT		0x0001
/* Data directory indexes. */
#define PE_DIR_IMPORT			1
#define PE_DIR_BASERELOC		5
#define PE_DIR_DEBUG			6
#define PE_DIR_LOAD_CONFIG		10
#define PE_NDIRS			16

/* The Windows loader refuses more sections; so does this reader. */
#define PE_MAX_SECTIONS			96

struct pe_section {
	char		name[9];	/* the 8 header bytes, NUL-terminated */
	uint32_t	vaddr, vsize;	/* RVA and size in memory */
	uint32_t	rawoff, rawsize;	/* where its bytes are in the file */
	uint32_t	flags;
};

struct pe_dir {
	uint32_t	rva, size;
};

struct pe {
	const unsigned char *data;	/* whole file (mapped, not owned) */
	size_t		size;
	int		is64;		/* PE32+ (optional header magic 0x20b) */
	uint16_t	machine;	/* IMAGE_FILE_MACHINE_* */
	uint16_t	characteristics;	/* COFF file header */
	uint16_t	subsystem;
	uint16_t	dllchar;	/* DllCharacteristics */
	uint32_t	headers_size;	/* SizeOfHeaders */
	struct pe_dir	dir[PE_NDIRS];	/* absent entries are zero */
	struct pe_section *sec;
	size_t		nsec;
	uint32_t	symoff, nsyms;	/* COFF symbol table (0: stripped) */
	char		err[200];	/* reason of the last failure */
};

/* The load configuration and the debug directory, as far as present. */
struct pe_config {
	int		loadcfg;	/* a load configuration directory */
	int		has_cookie;	/* ... long enough to hold SecurityCookie */
	uint64_t	cookie;		/* its SecurityCookie (a VA, 0: none) */
	int		has_guardflags;
	uint32_t	guardflags;
	int		has_exdllchar;	/* a debug entry of type 20 */
	uint32_t	exdllchar;	/* its flags (CET_COMPAT...) */
};

/*
 * Validate an in-memory image (not copied; must outlive p): the MZ header,
 * e_lfanew, the PE signature, the COFF and optional headers, the data
 * directories and the section table.  0, or -1 with p->err set.
 */
int	pe_load(struct pe *p, const unsigned char *data, size_t size);
void	pe_close(struct pe *p);

/*
 * File offset of [rva, rva+len) when it lies in the file data of one
 * section (or in the headers); -1 if it does not.
 */
int	pe_rvatooff(const struct pe *p, uint64_t rva, uint64_t len,
	    uint64_t *off);

/*
 * Call fn(dll, name, arg) for every function imported by name (ordinal
 * imports have no name and are skipped).  Both strings are NUL-terminated;
 * dll is "?" when it is longer than harden-audit cares for, and a function
 * name that long is skipped.  fn returns non-zero to stop.  *found is 1 if
 * there is an import directory.  -1 on malformed tables (p->err set).
 */
int	pe_imports(struct pe *p, int *found,
	    int (*fn)(const char *, const char *, void *), void *arg);

/*
 * Call fn(name, arg) for every external symbol of the COFF symbol table
 * that is defined in a section (what a statically linked library left
 * behind), without the leading underscore of i386 C names.  Long names
 * are skipped as above.  *found is 1 if the table
 * exists (not stripped).  -1 on a malformed table.
 */
int	pe_symbols(struct pe *p, int *found,
	    int (*fn)(const char *, void *), void *arg);

/* Read the load configuration and debug directory; -1 if malformed. */
int	pe_config(struct pe *p, struct pe_config *c);

#endif
