/*
 * audit.h - facts gathered from one ELF or PE file and the table of checks
 * that turn them into three-valued verdicts (yes / no / unknown, plus n/a
 * and other-format).
 */
#ifndef HARDEN_AUDIT_H
#define HARDEN_AUDIT_H

#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "elf.h"
#include "pe.h"
#include "rpath.h"

enum verdict {
	V_UNKNOWN,
	V_YES,
	V_NO,
	V_NA,		/* not applicable: satisfies --expect (see man page) */
	V_FORMAT,	/* the property does not exist in this file format
			   (pie of a PE, nxcompat of an ELF): fails --expect */
	V_PARTIAL	/* some recorded compilation units have it, others
			   lack it or undo it: fails --expect */
};

/* File formats, also as a mask of the formats a check applies to. */
enum format {
	FMT_ELF = 1,
	FMT_PE = 2
};

struct result {
	enum verdict	v;
	char		why[256];
	unsigned	uncovered;	/* yes, but from the recorded units
					   only: this many have no record */
};

/* One compilation unit whose command line was recorded. */
struct unit {
	const char	*name;		/* DW_AT_name (in the mapped file), or
					   NULL for a .GCC.command.line entry */
	uint64_t	on, off;	/* catalog features (bit = index) its
					   line turns on, or off, last */
	uint64_t	shown;		/* those its line can show at all */
	int64_t		code;		/* bytes of code, -1 if unknown */
	int		cxx;		/* a C++ unit (DW_AT_language) */
	int		fortify_level;	/* the last -D/-U _FORTIFY_SOURCE of
					   its line (-U: 0), -1 if none or
					   if its line omits -D (GCC's) */
	int		optimized;	/* its last -O: 1 for -O1 or more
					   (-Og, -Os: __OPTIMIZE__), 0 for
					   -O0 or none, -1 if unknown */
	unsigned	cxxlib;		/* CXXLIB_* of its -stdlib=, or 0 */
	signed char	cxxlib_macro[3];	/* by CXXLIB_*: that library's
					   hardening macro last on (1) or off
					   (-1) on its line (cxxlib.c) */
	int		cxxlib_other;	/* only the other library's macro is
					   on: it lacks stdlib-hardening */
};

/* What the recorded compiler command lines (DWARF producers) say. */
struct cmdline_stat {
	struct unit	*units;		/* recorded units (facts_free) */
	size_t		nunits, cap;
	unsigned	unrecorded;	/* compilation units without switches */
	unsigned	asm_units;	/* assembler units: no compiler flags */
	unsigned	lto_units;	/* GCC's link-time units (not judged) */
	unsigned	startfiles;	/* toolchain start files (ignored) */
	int		truncated;	/* out of memory: units left out */
	uint64_t	code_total;	/* bytes of the executable sections */
	uint64_t	code_recorded;	/* ... that recorded units cover */
	unsigned	code_unknown;	/* recorded units of unknown extent */
	/* Units by DW_AT_language, with or without recorded switches. */
	unsigned	c_units, cxx_units, other_units;
	unsigned	clang_cxx_units;	/* C++ units by clang */
	unsigned	cxxlib_unknown;	/* C++ units with a stdlib-hardening
					   macro, of no known library */
};

struct facts {
	enum format	format;
	char		cls[8];		/* ELF32, ELF64, PE32, PE32+ */
	int		big;		/* big-endian */
	unsigned	machine;	/* e_machine or the COFF Machine */
	const char	*kind;		/* pie, static-pie, exec, static, shared,
					   object; pe-exe, pe-dll */
	int		is_x86, is_aarch64;
	int		has_interp, has_dynamic;
	int		relro;		/* PT_GNU_RELRO */
	int		bind_now;	/* DT_BIND_NOW, DF_BIND_NOW or DF_1_NOW */
	int		noopen;		/* DF_1_NOOPEN: dlopen refuses it */
	int		textrel;
	int		gnu_stack;	/* PT_GNU_STACK / .note.GNU-stack present */
	int		stack_exec;	/* ... and executable */
	int		rwx_load;	/* a PT_LOAD that is writable and executable */
	const char	*rpath, *runpath;	/* the first of each tag */
	const char	*soname;	/* DT_SONAME, or NULL */
	char		needed[512];	/* DT_NEEDED names, one a line (cut
					   at the size) */
	struct rpath_classes rpath_cls;	/* entries of every DT_RPATH and
					   DT_RUNPATH */
	int		code_shared;	/* an executable PT_LOAD also maps the
					   ELF headers or read-only data */
	char		code_shared_with[48];	/* what: a section name */
	int		code_segments;	/* executable PT_LOADs */
	int		has_sections;	/* section headers */
	int		setid;		/* the file's mode is set-user-ID or
					   set-group-ID (set by the caller) */
	unsigned	san_needed;	/* SAN_* runtimes in DT_NEEDED */
	unsigned	san_imports;	/* ... called through undefined
					   symbols */
	unsigned	san_defined;	/* ... linked in (defined symbols) */
	int		dynsym, symtab;	/* symbol tables found */
	const char	*ssp_sym;	/* canary symbol imported (or NULL) */
	unsigned	fortified, unfortified, unfortified_always;
	char		fort_names[160], unfort_names[160];
	unsigned	plain_by_kind[8];	/* unfortified, by FN_* kind */
	char		variadic_names[80];	/* their printf family */
	char		builtin_names[48];	/* their memcpy, memset */
	int		cxx_imports;	/* mangled C++ names imported */
	int		cxx_needed;	/* needs libstdc++ or libc++ */
	unsigned	cxxlib;		/* CXXLIB_* the file needs or whose
					   mangled names it has (cxxlib.h) */
	int		comment_clang;	/* .comment names clang */
	const char	*stdlib_assert;	/* std::__glibcxx_assert_fail
					   imported (or NULL) */
	int		static_fortified;	/* defined __*_chk in .symtab */
	int		prop_note;	/* a GNU property note exists */
	unsigned	x86_feat, a64_feat;
	int		bti_plt, pac_plt;
	int		debug_compressed;
	int		debug_unreadable;
	int		debug_rel;	/* DWARF in an ET_REL: not read */
	struct cmdline_stat cmd;
	/* PE only */
	int		pe_plus;	/* PE32+ */
	unsigned	pe_dllchar;	/* DllCharacteristics */
	unsigned	pe_chars;	/* COFF Characteristics */
	int		pe_relocs;	/* a non-empty base relocation directory */
	int		pe_imports;	/* an import directory */
	int		pe_coffsyms;	/* a COFF symbol table (not stripped) */
	const char	*ssp_dll;	/* the library ssp_sym comes from */
	int		pe_ssp_refptr;	/* .refptr.__stack_chk_guard: canary
					   code (x86-64 GCC and clang) */
	int		pe_ssp_lib;	/* __stack_chk_fail defined (libssp.a;
					   fortified code pulls it in too) */
	struct pe_config pe_cfg;
};

/* Kinds of fortifiable functions (facts.c); a kind is a mask of them. */
#define FN_ALWAYS	1	/* always fortified: a plain call is a "no" */
#define FN_VARIADIC	2	/* unfortified by clang++ (C macros only) */
#define FN_BUILTIN	4	/* called unfortified by C++ libraries */

/* What --expect may do with a check (the one table of provable features). */
enum expect_use {
	EX_FACT,	/* a fact, not a feature name (yes may be bad) */
	EX_PROVE,	/* a feature that a binary can prove */
	EX_NEVER	/* a feature no binary can prove: refused by --expect */
};

/*
 * A check with a proof of its own (an import, a header, a note) for a
 * catalog feature yields to the recorded compilation units: its yes becomes
 * partial when a unit lacks the feature's flag (UNITS_LACK; UNITS_CXX_LACK:
 * a C++ unit, for the C++ library's feature) or turns it off (UNITS_UNDO:
 * where the compiler's default cannot be seen, as for PIE).
 */
enum unit_rule { UNITS_NONE, UNITS_LACK, UNITS_UNDO, UNITS_CXX_LACK };

/*
 * A table column may be shared by an ELF and a PE check of the same
 * meaning (PIE: pie / dynamicbase); a row shows the one of its format.
 */
struct check {
	const char	*name;		/* --expect vocabulary */
	const char	*column;	/* table heading, NULL: verbose/JSON only */
	enum expect_use	expect;
	unsigned	formats;	/* FMT_ELF | FMT_PE it applies to;
					   others get V_FORMAT */
	void		(*fn)(const struct facts *, struct result *);
					/* NULL: a catalog feature without a
					   proof of its own (checks.c) */
	const char	*desc;
	int		feature;	/* catalog index, -1 if none */
	enum unit_rule	units;		/* how recorded units bear on fn's yes */
};

/* Built by audit_init(): the checks of checks.c, then the catalog's others. */
extern const struct check *audit_checks;
extern size_t audit_nchecks;

/* Merge the checks of checks.c with the catalog's features; call it first. */
void	audit_init(void);

/* Gather the facts of a loaded ELF; -1 with e->err on malformed input. */
int	audit_facts(struct elf *e, struct facts *f);
/* The same for a loaded PE image; -1 with p->err. */
int	audit_pe_facts(struct pe *p, struct facts *f);
/* "; what the recorded units do not cover" (or "") into buf. */
void	audit_coverage(const struct facts *f, char *buf, size_t sz);
/* Free what the facts hold (after every judgement of them). */
void	audit_facts_free(struct facts *f);
/* Verdict of check i for f (V_FORMAT when it does not apply to f's format). */
void	audit_judge(size_t i, const struct facts *f, struct result *r);
/* Index of a check by name, or -1. */
int	audit_find(const char *name);
const char *audit_vname(enum verdict v);
/* The SAN_* runtimes f carries (sanitizer.h). */
unsigned	audit_sanitizers(const struct facts *f);
/* What dwarf_units() tells of one compilation unit. */
struct dwarf_unit {
	const char	*producer, *name;	/* DW_AT_producer, DW_AT_name
						   (either may be NULL) */
	unsigned	lang;		/* DW_AT_language, 0 if absent */
	int64_t		code;		/* bytes of code it covers
					   (DW_AT_low_pc/high_pc or
					   DW_AT_ranges), -1 if unknown */
};

/*
 * Call fn(unit, arg) for the unit DIE of every DWARF compilation unit that
 * has a producer; a non-zero return stops the walk.  Each abbreviation
 * table is parsed once, and range lists are read within a budget of the
 * size of their sections, so the walk is linear in the size of the debug
 * sections.  -1 if .debug_info is unreadable.
 */
int	dwarf_units(const struct elf *e, int (*fn)(const struct dwarf_unit *,
	    void *), void *arg);

#endif
