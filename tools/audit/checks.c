/*
 * checks.c - the audit_checks[] table: facts (facts.c) turned into a verdict
 * and a reason per property.  Symbol evidence is evidence of use, not of
 * the flag: a missing __stack_chk_fail import is "unknown", never "no",
 * unless a recorded command line says more.
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "audit.h"
#include "sanitizer.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
setr(struct result *r, enum verdict v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
setr(struct result *r, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	r->v = v;
	r->uncovered = 0;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
}

const char *
audit_vname(enum verdict v)
{
	switch (v) {
	case V_YES:
		return "yes";
	case V_NO:
		return "no";
	case V_NA:
		return "n/a";
	case V_FORMAT:
		return "other-format";
	case V_PARTIAL:
		return "partial";
	default:
		return "unknown";
	}
}

/* ---- the checks ---------------------------------------------------- */

static int
is_static(const struct facts *f)
{
	return strcmp(f->kind, "static") == 0 ||
	    strcmp(f->kind, "static-pie") == 0;
}

static int
is_object(const struct facts *f)
{
	return strcmp(f->kind, "object") == 0;
}

static void
cmdreason(const struct facts *f, char *buf, size_t sz)
{
	const char *dbg = "";

	if (f->format == FMT_PE) {
		snprintf(buf, sz, "recorded command lines (.GCC.command.line, "
		    "DWARF producers) are not read from PE files");
		return;
	}
	if (f->debug_compressed)
		dbg = "; the debug info is compressed";
	else if (f->debug_unreadable)
		dbg = "; the debug info could not be read";
	else if (f->debug_rel)
		dbg = "; DWARF of relocatable objects is not read";
	snprintf(buf, sz, "no recorded command line (.GCC.command.line or "
	    "DWARF producer)%s%s", dbg, f->cmd.unrecorded ? "; compilation "
	    "units without recorded switches" : "");
}

/*
 * "; what the recorded units do not cover", or "": units without recorded
 * switches, assembler units, link-time units, and the share of the
 * executable code that the recorded units span (link-time units' code
 * counts: it is theirs; the rest: start files, objects without DWARF).
 */
void
audit_coverage(const struct facts *f, char *buf, size_t sz)
{
	const struct cmdline_stat *c = &f->cmd;
	size_t n;

	buf[0] = '\0';
	if (c->unrecorded)
		snprintf(buf, sz, "; %u units without recorded switches",
		    c->unrecorded);
	if (c->asm_units && (n = strlen(buf)) < sz)
		snprintf(buf + n, sz - n, "; %u assembler units", c->asm_units);
	if (c->lto_units && (n = strlen(buf)) < sz)
		snprintf(buf + n, sz - n, "; %u link-time (gcc -flto) units, "
		    "judged by the units compiled into them", c->lto_units);
	if (c->code_total > 0 && c->code_unknown == 0 &&
	    (n = strlen(buf)) < sz)
		snprintf(buf + n, sz - n, "; the recorded units span %llu%% of "
		    "the executable code", (unsigned long long)(c->code_recorded
		    >= c->code_total ? 100 : c->code_recorded * 100 /
		    c->code_total));
}

/* What the recorded units say of catalog feature c. */
struct unitcount {
	unsigned	shown;		/* units whose line can show c */
	unsigned	lack, undo;	/* ... without c, with c turned off */
	char		names[120];	/* the first units that lack it */
	char		undone[120];	/* the first units that turn it off */
	unsigned	unopt;		/* ... lack it as they do not optimise
					   (c needs it; counted in lack, undo) */
	char		unopt_names[120];
};

/* Append a unit's name to a comma-separated list of at most sz bytes. */
static void
add_unit_name(char *list, size_t sz, const struct unit *u)
{
	size_t len = strlen(list);

	if (len + 8 < sz)
		snprintf(list + len, sz - len, "%s%s", len ? ", " : "",
		    u->name != NULL ? u->name : ".GCC.command.line entry");
}

/*
 * cxx_only: only the C++ units (a feature of the C++ library).  A C-only
 * feature (lang=c: -fexceptions, the default of C++) skips the C++ units.
 */
static void
count_units(const struct facts *f, size_t c, int cxx_only,
    struct unitcount *uc)
{
	const struct unit *u;
	uint64_t bit = (uint64_t)1 << c;
	int c_only = cat_requires(c, "lang=c");
	size_t i;

	memset(uc, 0, sizeof(*uc));
	for (i = 0; i < f->cmd.nunits; i++) {
		u = &f->cmd.units[i];
		if (!(u->shown & bit) || (cxx_only && !u->cxx) ||
		    (c_only && u->cxx))
			continue;
		uc->shown++;
		if (u->on & bit)
			continue;
		uc->lack++;
		add_unit_name(uc->names, sizeof(uc->names), u);
		if (u->optimized == 0 && cat_requires(c, "optimize")) {
			uc->unopt++;
			add_unit_name(uc->unopt_names,
			    sizeof(uc->unopt_names), u);
		}
		if (u->off & bit) {
			uc->undo++;
			add_unit_name(uc->undone, sizeof(uc->undone), u);
		}
	}
}

/* Verdict on catalog feature c from the recorded command lines only. */
static void
fromcmd(const struct facts *f, size_t c, const char *flag, int cxx_only,
    struct result *r)
{
	struct unitcount uc;
	char why[200];

	count_units(f, c, cxx_only, &uc);
	if (uc.shown == 0 && f->cmd.nunits > 0 && cat_requires(c, "lang=c"))
		setr(r, V_UNKNOWN, "%s: C only, and no recorded unit is C",
		    flag);
	else if (uc.shown == 0 && f->cmd.nunits > 0)
		setr(r, V_UNKNOWN, "%s: no recorded command line shows it "
		    "(GCC records no preprocessor options)", flag);
	else if (uc.shown == 0) {
		cmdreason(f, why, sizeof(why));
		setr(r, V_UNKNOWN, "%s", why);
	} else if (uc.lack > 0 && uc.unopt == uc.lack)
		setr(r, uc.lack == uc.shown ? V_NO : V_PARTIAL, "%u of %u "
		    "recorded units do not optimise (-O0 or no -O), which %s "
		    "needs: %s", uc.lack, uc.shown, cat_features[c].name,
		    uc.unopt_names);
	else if (uc.lack == uc.shown)
		setr(r, V_NO, "all %u recorded units lack %s: %s", uc.shown,
		    flag, uc.names);
	else if (uc.lack > 0)
		setr(r, V_PARTIAL, "%u of %u recorded units lack %s: %s",
		    uc.lack, uc.shown, flag, uc.names);
	else if (f->debug_unreadable || f->cmd.truncated)
		setr(r, V_UNKNOWN, "%s in all %u recorded units, but the debug "
		    "info could not be read whole", flag, uc.shown);
	else {
		audit_coverage(f, why, sizeof(why));
		setr(r, V_YES, "%s in all %u recorded units%s", flag, uc.shown,
		    why);
		r->uncovered = f->cmd.unrecorded + f->cmd.asm_units;
	}
}

/* enum unit_rule (audit.h): the proof in the binary may come from other units. */
static void
by_units(const struct facts *f, int c, enum unit_rule rule,
    struct result *r)
{
	struct unitcount uc;
	unsigned bad;
	char why[2 * sizeof(r->why)];	/* cut by setr */

	if (c < 0 || rule == UNITS_NONE || r->v != V_YES)
		return;
	count_units(f, (size_t)c, rule == UNITS_CXX_LACK, &uc);
	bad = rule == UNITS_UNDO ? uc.undo : uc.lack;
	if (bad == 0)
		return;
	if (uc.unopt == bad) {
		snprintf(why, sizeof(why), "%s, but %u of %u recorded units "
		    "do not optimise (-O0 or no -O), which %s needs: %s",
		    r->why, bad, uc.shown, cat_features[c].name,
		    uc.unopt_names);
		setr(r, V_PARTIAL, "%s", why);
		return;
	}
	snprintf(why, sizeof(why), "%s, but %u of %u recorded units %s %s "
	    "(%s): %s", r->why, bad, uc.shown, rule == UNITS_UNDO ?
	    "turn off" : "lack", cat_features[c].name, cat_features[c].flag,
	    rule == UNITS_UNDO ? uc.undone : uc.names);
	setr(r, V_PARTIAL, "%s", why);
}

static void
ck_pie(const struct facts *f, struct result *r)
{
	if (strcmp(f->kind, "pie") == 0)
		setr(r, V_YES, "position-independent executable");
	else if (strcmp(f->kind, "static-pie") == 0)
		setr(r, V_YES, "static PIE (DF_1_PIE, no PT_INTERP)");
	else if (strcmp(f->kind, "exec") == 0)
		setr(r, V_NO, "ET_EXEC: fixed-address executable");
	else if (strcmp(f->kind, "static") == 0)
		setr(r, V_NO, "static ET_EXEC: fixed-address executable");
	else if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->textrel)
		setr(r, V_NO, "shared library with text relocations (not "
		    "built with -fPIC)");
	else
		setr(r, V_NA, "shared library without text relocations");
}

static void
ck_relro(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->relro)
		setr(r, V_YES, "PT_GNU_RELRO present");
	else
		setr(r, V_NO, "no PT_GNU_RELRO");
}

static void
ck_now(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (f->bind_now)
		setr(r, V_YES, "%s", f->relro ? "BIND_NOW (full RELRO)" :
		    "BIND_NOW, but no PT_GNU_RELRO (not full RELRO)");
	else if (!f->has_dynamic)
		setr(r, V_NA, "static binary: no dynamic linking");
	else if (strcmp(f->kind, "static-pie") == 0)
		setr(r, V_NA, "static PIE: relocated eagerly at start-up, no "
		    "lazy binding");
	else
		setr(r, V_NO, "no DT_BIND_NOW, DF_BIND_NOW or DF_1_NOW: lazy "
		    "binding");
}

/* A shared library that refuses dlopen (-z nodlopen); programs never get
 * it, as a program is never dlopened. */
static void
ck_nodlopen(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: decided at link time");
	else if (strcmp(f->kind, "shared") != 0)
		setr(r, V_NA, "a program: only shared libraries refuse dlopen");
	else if (f->noopen)
		setr(r, V_YES, "DF_1_NOOPEN: dlopen refuses the library");
	else
		setr(r, V_NO, "no DF_1_NOOPEN: dlopen may load the library");
}

static void
ck_nx(const struct facts *f, struct result *r)
{
	if (is_object(f) && !f->gnu_stack)
		setr(r, V_NO, "no .note.GNU-stack section: the linker "
		    "assumes an executable stack");
	else if (is_object(f))
		setr(r, f->stack_exec ? V_NO : V_YES, ".note.GNU-stack %s",
		    f->stack_exec ? "requests an executable stack" :
		    "is not executable");
	else if (!f->gnu_stack)
		setr(r, V_NO, "no PT_GNU_STACK: the loader may assume an "
		    "executable stack");
	else if (f->stack_exec)
		setr(r, V_NO, "PT_GNU_STACK is executable");
	else
		setr(r, V_YES, "PT_GNU_STACK is not executable");
}

static void
ck_rwx(const struct facts *f, struct result *r)
{
	if (f->format == FMT_PE)
		setr(r, f->rwx_load ? V_YES : V_NO, "%s", f->rwx_load ?
		    "a section is writable and executable" :
		    "no writable and executable section");
	else if (is_object(f))
		setr(r, V_NA, "relocatable object: no segments");
	else if (f->rwx_load)
		setr(r, V_YES, "a PT_LOAD segment is writable and executable");
	else
		setr(r, V_NO, "no writable and executable PT_LOAD");
}

/*
 * W^X as a gate: no PT_LOAD both writable and executable, and a stack
 * that is not executable (rwx-segment and noexecstack, together).
 */
static void
ck_wxorx(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: no segments");
	else if (f->rwx_load)
		setr(r, V_NO, "a PT_LOAD segment is writable and executable");
	else if (!f->gnu_stack || f->stack_exec)
		setr(r, V_NO, "%s", f->gnu_stack ? "PT_GNU_STACK is executable"
		    : "no PT_GNU_STACK: the loader may make the stack "
		    "executable");
	else
		setr(r, V_YES, "no writable and executable PT_LOAD, "
		    "non-executable stack");
}

/*
 * ld -z separate-code: code alone in its segments, the ELF headers and
 * read-only data in others, not executable.  Without section headers only
 * the headers can be seen: a segment that does not map them may still
 * hold data.
 */
static void
ck_separate_code(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object: no segments");
	else if (f->code_shared)
		setr(r, V_NO, "an executable PT_LOAD also maps %s",
		    f->code_shared_with);
	else if (f->code_segments == 0)
		setr(r, V_YES, "no executable PT_LOAD");
	else if (!f->has_sections)
		setr(r, V_UNKNOWN, "no section headers: whether read-only "
		    "data shares the executable segment cannot be seen");
	else
		setr(r, V_YES, "%d executable PT_LOAD%s with code only",
		    f->code_segments, f->code_segments > 1 ? "s" : "");
}

/*
 * The search path the file gives ld.so: "yes" when no entry is relative
 * or empty (both resolved from the current directory, which whoever runs
 * the program picks).  Absolute and $ORIGIN entries are counted, not
 * judged, but in a set-user-ID or set-group-ID file (by its mode) $ORIGIN
 * is a no too, as the OpenSSF guide says: whoever hard-links the file
 * into a directory of their own chooses its origin.
 */
static void
ck_rpath(const struct facts *f, struct result *r)
{
	const struct rpath_classes *c = &f->rpath_cls;
	unsigned n = c->absolute + c->origin + c->relative + c->empty;

	if (is_object(f))
		setr(r, V_NA, "relocatable object: no dynamic section");
	else if (n == 0)
		setr(r, V_YES, "no DT_RPATH or DT_RUNPATH");
	else
		setr(r, c->relative + c->empty ||
		    (f->setid && c->origin) ? V_NO : V_YES, "%s%s%s%s: %u "
		    "absolute, %u $ORIGIN, %u relative, %u empty (current "
		    "directory)", f->setid && c->origin ? "set-ID program "
		    "with $ORIGIN: " : "", f->rpath ? "DT_RPATH" : "", f->rpath &&
		    f->runpath ? " and " : "", f->runpath ? "DT_RUNPATH" : "",
		    c->absolute, c->origin, c->relative, c->empty);
}

/*
 * A sanitizer runtime in a binary: a fact, yes is bad (a shipped
 * program's runtime obeys *SAN_OPTIONS).  A runtime linked in statically
 * shows in .symtab, or in .dynsym when it exports its interface, as
 * clang's does; a stripped file shows only the latter.
 */
unsigned
audit_sanitizers(const struct facts *f)
{
	unsigned linked = f->san_defined;

	/* The ASan, TSan, MSan and HWASan runtimes carry UBSan's handlers. */
	if (linked & (SAN_ASAN | SAN_TSAN | SAN_MSAN | SAN_HWASAN))
		linked &= ~(unsigned)SAN_UBSAN;
	return f->san_needed | f->san_imports | linked;
}

static void
ck_sanitizer(const struct facts *f, struct result *r)
{
	char lib[48], sym[48];

	san_names(f->san_needed, lib, sizeof(lib));
	san_names(audit_sanitizers(f) & ~f->san_needed, sym, sizeof(sym));
	if (audit_sanitizers(f) != 0)
		setr(r, V_YES, "%s%s%s%s%s", lib, lib[0] ? " (DT_NEEDED)" : "",
		    lib[0] && sym[0] ? ", " : "", sym, sym[0] ? " (symbols)" :
		    "");
	else if (!f->dynsym && !f->symtab)
		setr(r, V_UNKNOWN, "no symbol table and no sanitizer library "
		    "in DT_NEEDED");
	else
		setr(r, V_NO, "no sanitizer library in DT_NEEDED, no "
		    "sanitizer symbol in %s", f->symtab ? ".symtab" :
		    "the dynamic symbols (stripped: a runtime linked in "
		    "without exported symbols, as clang's UBSan, would not "
		    "show)");
}

static void
ck_textrel(const struct facts *f, struct result *r)
{
	if (is_object(f))
		setr(r, V_NA, "relocatable object");
	else
		setr(r, f->textrel ? V_YES : V_NO, "%s", f->textrel ?
		    "DT_TEXTREL / DF_TEXTREL: text relocations" :
		    "no text relocations");
}

static void
pe_ssp(const struct facts *f, struct result *r)
{
	if (f->ssp_sym != NULL)
		setr(r, V_YES, "imports %s from %s", f->ssp_sym, f->ssp_dll);
	else if (f->pe_ssp_refptr)
		setr(r, V_YES, "canary code loads __stack_chk_guard "
		    "(.refptr.__stack_chk_guard; libssp linked statically)");
	else if (f->pe_ssp_lib)
		setr(r, V_UNKNOWN, "libssp linked statically: its "
		    "__stack_chk_fail comes with any fortified call, canary "
		    "or not");
	else if (f->pe_cfg.has_cookie && f->pe_cfg.cookie != 0)
		setr(r, V_UNKNOWN, "no __stack_chk_fail; the load "
		    "configuration has a /GS SecurityCookie, which the MSVC "
		    "run time sets up whatever the program was built with");
	else if (!f->pe_coffsyms)
		setr(r, V_UNKNOWN, "no __stack_chk_fail import, no COFF symbol "
		    "table (stripped): built without -fstack-protector, no "
		    "function needed a canary, or libssp linked statically");
	else
		setr(r, V_UNKNOWN, "no __stack_chk_fail import or definition: "
		    "built without -fstack-protector, or no function needed "
		    "a canary");
}

static void
ck_ssp(const struct facts *f, struct result *r)
{
	if (f->format == FMT_PE) {
		pe_ssp(f, r);
		return;
	}
	if (f->ssp_sym != NULL) {
		setr(r, V_YES, "%s %s", is_object(f) ? "references" :
		    "imports", f->ssp_sym);
		return;
	}
	if (f->cmd.nunits > 0) {
		fromcmd(f, (size_t)cat_find("stack-protector"),
		    "-fstack-protector*", 0, r);
		if (r->v == V_YES)
			strncat(r->why, "; no function needed a canary",
			    sizeof(r->why) - strlen(r->why) - 1);
		if (r->v != V_UNKNOWN)
			return;
	}
	if (is_static(f))
		setr(r, V_UNKNOWN, "static binary: libc.a defines "
		    "__stack_chk_fail whether or not the program uses it");
	else if (!f->dynsym && !is_object(f))
		setr(r, V_UNKNOWN, "no dynamic symbol table");
	else if (!f->symtab && is_object(f))
		setr(r, V_UNKNOWN, "no symbol table");
	else
		setr(r, V_UNKNOWN, "no __stack_chk_fail reference: built "
		    "without -fstack-protector, or no function needed a "
		    "canary");
}

/*
 * mingw-w64's headers check only calls whose buffer size is known and
 * leave the others plain (printf is never rerouted), so a plain call
 * proves nothing: a PE image is fortified (yes) or unknown, never no.
 */
static void
pe_fortify(const struct facts *f, struct result *r)
{
	if (f->fortified > 0)
		setr(r, V_YES, "%u fortified calls imported (%s)",
		    f->fortified, f->fort_names);
	else if (f->static_fortified > 0)
		setr(r, V_YES, "%u __*_chk functions defined (libssp linked "
		    "statically)", f->static_fortified);
	else if (!f->pe_coffsyms)
		setr(r, V_UNKNOWN, "no __*_chk or __chk_fail import, no COFF "
		    "symbol table (stripped): not fortified, no buffer size "
		    "known at compile time, or libssp linked statically");
	else
		setr(r, V_UNKNOWN, "no __*_chk or __chk_fail import or "
		    "definition: not fortified, or no buffer size known at "
		    "compile time");
}

/* Whether the file has C++ code: C++ units, imports or libraries. */
static int
has_cxx(const struct facts *f)
{
	return f->cmd.cxx_units > 0 || f->cxx_imports > 0 || f->cxx_needed;
}

/* Whether DWARF named the language of the file's units. */
static int
langs_seen(const struct facts *f)
{
	return f->cmd.c_units + f->cmd.cxx_units + f->cmd.other_units > 0;
}

/*
 * Whether clang compiled C++ code of the file: a C++ unit by clang, or,
 * with no C++ unit in DWARF, C++ code and clang in .comment.
 */
static int
has_clang_cxx(const struct facts *f)
{
	return f->cmd.clang_cxx_units > 0 || (f->cmd.cxx_units == 0 &&
	    has_cxx(f) && f->comment_clang);
}

/*
 * The plain imports that this file's language and compiler make whatever
 * _FORTIFY_SOURCE (FN_VARIADIC from clang++, FN_BUILTIN from C++ code) are
 * no evidence: counted out of *plain and *always, named in why.
 */
static void
fortify_evidence(const struct facts *f, unsigned *plain, unsigned *always,
    char *why, size_t sz)
{
	unsigned excuse = 0, k;
	size_t n;

	if (has_clang_cxx(f))
		excuse |= FN_VARIADIC;
	if (has_cxx(f))
		excuse |= FN_BUILTIN;
	*plain = *always = 0;
	for (k = 0; k < NELEM(f->plain_by_kind); k++)
		if (!(k & excuse)) {
			*plain += f->plain_by_kind[k];
			*always += (k & FN_ALWAYS) ? f->plain_by_kind[k] : 0;
		}
	why[0] = '\0';
	if ((excuse & FN_VARIADIC) && f->variadic_names[0] != '\0')
		snprintf(why, sz, "; not expected: %s (printf-family not "
		    "fortifiable by clang++ with this glibc: C macros only)",
		    f->variadic_names);
	if ((excuse & FN_BUILTIN) && f->builtin_names[0] != '\0' &&
	    (n = strlen(why)) < sz)
		snprintf(why + n, sz - n, "; not expected: %s (the C++ "
		    "standard library calls them unfortified)",
		    f->builtin_names);
}

static void
ck_fortify(const struct facts *f, struct result *r)
{
	unsigned plain, always;
	char excused[200];

	if (f->format == FMT_PE) {
		pe_fortify(f, r);
		return;
	}
	fortify_evidence(f, &plain, &always, excused, sizeof(excused));
	if (f->fortified > 0)
		setr(r, V_YES, "%u fortified, %u unfortified calls imported "
		    "(%s%s%s)%s", f->fortified, f->unfortified, f->fort_names,
		    f->unfortified ? "; unfortified: " : "", f->unfort_names,
		    excused);
	else if (always > 0)
		setr(r, V_NO, "0 fortified, %u unfortified calls imported "
		    "(%s); with _FORTIFY_SOURCE>=2 and -O1 or more these would "
		    "be __*_chk%s", f->unfortified, f->unfort_names, excused);
	else if (is_static(f) && f->static_fortified > 0)
		setr(r, V_YES, "static binary: %u __*_chk functions linked "
		    "in (.symtab)", f->static_fortified);
	else if (is_static(f))
		setr(r, V_UNKNOWN, "static binary: %s", f->symtab ?
		    "no __*_chk function in .symtab" : "stripped, no .symtab");
	else if (plain > 0)
		setr(r, V_UNKNOWN, "0 fortified, %u unfortified calls "
		    "imported (%s); their buffer sizes may not have been "
		    "known at compile time%s", f->unfortified, f->unfort_names,
		    excused);
	else if (has_cxx(f)) {
		/* clang's recorded -D still tells, unit by unit. */
		fromcmd(f, (size_t)cat_find("fortify-source"),
		    "-D_FORTIFY_SOURCE", 0, r);
		if (r->v == V_UNKNOWN)
			setr(r, V_NA, "C++ code importing no call that its "
			    "toolchain fortifies%s", excused[0] ? excused :
			    "; no fortifiable libc call imported");
		else
			strncat(r->why, excused, sizeof(r->why) -
			    strlen(r->why) - 1);
	} else
		setr(r, V_UNKNOWN, "no fortifiable libc calls imported");
}

/*
 * _FORTIFY_SOURCE=3 against 2.  Both call the same __*_chk functions;
 * level 3 only passes sizes that __builtin_dynamic_object_size computes
 * at run time, which an import cannot show and a size argument in the
 * code shows only sometimes.  So only a recorded command line (clang's
 * -grecord-command-line, GCC's -frecord-gcc-switches) can say: every unit
 * that records a level must record 3, and optimise, as fortify needs
 * __OPTIMIZE__ (GCC's lines show -O, not -D: such a unit is a "no" when
 * it does not optimise).  The imports withdraw a yes: a function that
 * level 2 and more always fortify, imported plain, is called by code
 * without it (or only its address is taken, as binutils does with
 * fprintf, so not a no).
 */
static void
ck_fortify3(const struct facts *f, struct result *r)
{
	const struct unit *u;
	unsigned three = 0, lower = 0, unopt = 0, plain, always;
	char names[120] = "", unopt_names[120] = "", excused[200];
	size_t i;

	for (i = 0; i < f->cmd.nunits; i++) {
		u = &f->cmd.units[i];
		if (u->optimized == 0 && u->fortify_level != 0) {
			unopt++;
			add_unit_name(unopt_names, sizeof(unopt_names), u);
		} else if (u->fortify_level >= 3)
			three++;
		else if (u->fortify_level >= 0) {
			lower++;
			add_unit_name(names, sizeof(names), u);
		}
	}
	fortify_evidence(f, &plain, &always, excused, sizeof(excused));
	if (unopt > 0)
		setr(r, V_NO, "%u recorded unit%s do%s not optimise (-O0 or no "
		    "-O), where _FORTIFY_SOURCE has no effect: %s", unopt,
		    unopt > 1 ? "s" : "", unopt > 1 ? "" : "es", unopt_names);
	else if (lower > 0)
		setr(r, V_NO, "%u recorded unit%s set a lower level: %s", lower,
		    lower > 1 ? "s" : "", names);
	else if (three == 0)
		setr(r, V_UNKNOWN, "no recorded command line gives the level "
		    "(GCC records no -D); levels 2 and 3 import the same "
		    "__*_chk functions");
	else if (always > 0)
		setr(r, V_UNKNOWN, "-D_FORTIFY_SOURCE=3 in %u recorded units, "
		    "but %u functions that it always fortifies are imported "
		    "plain (%s): called by code without a record and without "
		    "fortify, or only their address taken", three, always,
		    f->unfort_names);
	else if (three < f->cmd.nunits)
		setr(r, V_UNKNOWN, "-D_FORTIFY_SOURCE=3 in %u of %zu recorded "
		    "units, the others record no level", three,
		    f->cmd.nunits);
	else if (f->fortified == 0 && f->static_fortified == 0)
		setr(r, V_UNKNOWN, "-D_FORTIFY_SOURCE=3 in all %u recorded "
		    "units, but no __*_chk call: not in effect or nothing "
		    "fortifiable", three);
	else
		setr(r, V_YES, "-D_FORTIFY_SOURCE=3 in all %u recorded units",
		    three);
}

/* The C++ units with only the other library's macro (cxxlib.c), named. */
static unsigned
other_lib(const struct facts *f, char *names, size_t sz)
{
	unsigned n = 0;
	size_t i;

	names[0] = '\0';
	for (i = 0; i < f->cmd.nunits; i++)
		if (f->cmd.units[i].cxxlib_other) {
			n++;
			add_unit_name(names, sz, &f->cmd.units[i]);
		}
	return n;
}

/*
 * The C++ standard library's assertions.  Only libstdc++ >= 12 leaves a
 * trace: the import of std::__glibcxx_assert_fail, in a file that keeps a
 * checked accessor.  libc++ traps inline and older libstdc++ inlines its
 * message; clang's recorded -D tells unit by unit, each macro only for
 * its own library (cxxlib.c).  A unit that lacks the -D is no proof of
 * "no": the library may default to a mode.
 */
static void
ck_stdlib(const struct facts *f, struct result *r)
{
	struct unitcount uc;
	const char *flag = "-D_GLIBCXX_ASSERTIONS or -D_LIBCPP_HARDENING_MODE";
	char names[120];

	if (f->stdlib_assert != NULL) {
		setr(r, V_YES, "%s std::__glibcxx_assert_fail (libstdc++ "
		    "assertions)", is_object(f) ? "references" : "imports");
		return;
	}
	if (!has_cxx(f) && langs_seen(f) && !f->debug_unreadable &&
	    !f->cmd.truncated) {
		setr(r, V_NA, "no C++ code: %u C and %u other compilation "
		    "units, no C++ import or library", f->cmd.c_units,
		    f->cmd.other_units);
		return;
	}
	count_units(f, (size_t)cat_find("stdlib-hardening"), 1, &uc);
	if (uc.undo > 0)
		setr(r, uc.undo == uc.shown ? V_NO : V_PARTIAL, "%u of %u "
		    "recorded C++ units turn it off: %s", uc.undo, uc.shown,
		    uc.undone);
	else if (uc.shown > 0 && uc.lack == 0) {
		fromcmd(f, (size_t)cat_find("stdlib-hardening"), flag, 1, r);
		/* Uncovered: the C++ units whose line cannot show it. */
		if (r->v == V_YES)
			r->uncovered = f->cmd.cxx_units > uc.shown ?
			    f->cmd.cxx_units - uc.shown : 0;
	} else if (uc.lack > 0 && uc.lack < uc.shown)
		setr(r, V_PARTIAL, "%u of %u recorded C++ units lack %s: %s",
		    uc.lack, uc.shown, flag, uc.names);
	else if (other_lib(f, names, sizeof(names)) > 0)
		setr(r, V_UNKNOWN, "%u recorded C++ units define only the "
		    "other library's macro (-D_GLIBCXX_ASSERTIONS does nothing "
		    "to libc++, -D_LIBCPP_HARDENING_MODE nothing to "
		    "libstdc++), and the library may default to a mode: %s",
		    other_lib(f, names, sizeof(names)), names);
	else if (f->cmd.cxxlib_unknown > 0)
		setr(r, V_UNKNOWN, "%u recorded C++ units define a library's "
		    "macro, but not which library they use (no -stdlib= on "
		    "their line; the file needs neither or both of libstdc++ "
		    "and libc++)", f->cmd.cxxlib_unknown);
	else
		setr(r, V_UNKNOWN, "no std::__glibcxx_assert_fail import "
		    "(only libstdc++ >= 12 has one, and only where a checked "
		    "accessor remains; libc++ traps inline)%s", uc.shown > 0 ?
		    "; no recorded C++ unit defines either macro, and the "
		    "library may default to a mode" : "; no recorded command "
		    "line shows -D (GCC records none)");
}

static void
ck_cet(const struct facts *f, struct result *r)
{
	if (!f->is_x86)
		setr(r, V_NA, "not an x86 binary");
	else if (f->format == FMT_PE)
		setr(r, f->pe_cfg.has_exdllchar && (f->pe_cfg.exdllchar &
		    PE_EXDLLCHAR_CET_COMPAT) ? V_YES : V_NO, "%s",
		    !f->pe_cfg.has_exdllchar ? "no EX_DLLCHARACTERISTICS "
		    "debug entry: not marked CET_COMPAT (shadow stack)" :
		    f->pe_cfg.exdllchar & PE_EXDLLCHAR_CET_COMPAT ?
		    "EX_DLLCHARACTERISTICS: CET_COMPAT (shadow stack)" :
		    "EX_DLLCHARACTERISTICS lacks CET_COMPAT (shadow stack)");
	else if (!f->prop_note)
		setr(r, V_NO, "no GNU property note (IBT/SHSTK marking)");
	else if ((f->x86_feat & 3) == 3)
		setr(r, V_YES, "GNU property note: IBT, SHSTK");
	else
		setr(r, V_NO, "GNU property note lacks %s",
		    (f->x86_feat & 3) == 0 ? "IBT and SHSTK" :
		    (f->x86_feat & 1) ? "SHSTK" : "IBT");
}

static void
ck_bti(const struct facts *f, struct result *r)
{
	if (!f->is_aarch64)
		setr(r, V_NA, "not an AArch64 binary");
	else if (f->format == FMT_PE)
		setr(r, V_UNKNOWN, "a PE image carries no BTI/PAC marking");
	else if (!f->prop_note)
		setr(r, V_NO, "no GNU property note (BTI/PAC marking)");
	else if ((f->a64_feat & 3) == 3)
		setr(r, V_YES, "GNU property note: BTI, PAC");
	else
		setr(r, V_NO, "GNU property note lacks %s",
		    (f->a64_feat & 3) == 0 ? "BTI and PAC" :
		    (f->a64_feat & 1) ? "PAC" : "BTI");
}

static void
ck_dynbase(const struct facts *f, struct result *r)
{
	if (!(f->pe_dllchar & PE_DLLCHAR_DYNAMIC_BASE))
		setr(r, V_NO, "DllCharacteristics lacks DYNAMIC_BASE: loaded "
		    "at its preferred base");
	else if (f->pe_chars & PE_FILE_RELOCS_STRIPPED)
		setr(r, V_NO, "DYNAMIC_BASE, but RELOCS_STRIPPED: the loader "
		    "cannot move it");
	else if (!f->pe_relocs)
		setr(r, V_NO, "DYNAMIC_BASE, but no base relocations (.reloc): "
		    "nothing lets the loader move it");
	else
		setr(r, V_YES, "DYNAMIC_BASE and base relocations");
}

static void
ck_heva(const struct facts *f, struct result *r)
{
	struct result d;

	ck_dynbase(f, &d);
	if (!f->pe_plus)
		setr(r, V_NA, "PE32: a 32-bit image has no 64-bit address "
		    "space");
	else if (!(f->pe_dllchar & PE_DLLCHAR_HIGH_ENTROPY_VA))
		setr(r, V_NO, "DllCharacteristics lacks HIGH_ENTROPY_VA");
	else if (d.v != V_YES)
		setr(r, V_NO, "HIGH_ENTROPY_VA, but not dynamicbase (%s)",
		    d.why);
	else
		setr(r, V_YES, "HIGH_ENTROPY_VA and dynamicbase");
}

static void
ck_nxcompat(const struct facts *f, struct result *r)
{
	if (f->pe_dllchar & PE_DLLCHAR_NX_COMPAT)
		setr(r, V_YES, "NX_COMPAT: data is not executable (DEP)");
	else
		setr(r, V_NO, "DllCharacteristics lacks NX_COMPAT");
}

static void
ck_gs(const struct facts *f, struct result *r)
{
	if (!f->pe_cfg.loadcfg)
		setr(r, V_NO, "no load configuration directory");
	else if (!f->pe_cfg.has_cookie || f->pe_cfg.cookie == 0)
		setr(r, V_NO, "the load configuration has no SecurityCookie");
	else
		setr(r, V_YES, "load configuration SecurityCookie at 0x%llx",
		    (unsigned long long)f->pe_cfg.cookie);
}

static void
ck_cfg(const struct facts *f, struct result *r)
{
	if (!(f->pe_dllchar & PE_DLLCHAR_GUARD_CF))
		setr(r, V_NO, "DllCharacteristics lacks GUARD_CF");
	else if (!f->pe_cfg.has_guardflags ||
	    !(f->pe_cfg.guardflags & PE_GUARD_CF_INSTRUMENTED))
		setr(r, V_NO, "GUARD_CF, but the load configuration lacks "
		    "CF_INSTRUMENTED");
	else
		setr(r, V_YES, "GUARD_CF and CF_INSTRUMENTED (GuardFlags 0x%x)",
		    f->pe_cfg.guardflags);
}

#define ELF	FMT_ELF
#define PE	FMT_PE
#define ANY	(FMT_ELF | FMT_PE)

/*
 * The checks with a proof of their own, in table order.  A row without a
 * function is a catalog feature judged from the recorded command lines by
 * the catalog's builder patterns; it is here for its table column.  The
 * catalog's other features follow these rows (audit_init).
 */
static const struct check code_checks[] = {
	{ "pie", "PIE", EX_PROVE, ELF, ck_pie,
	    "position-independent executable", -1, UNITS_UNDO },
	{ "relro", "RELRO", EX_PROVE, ELF, ck_relro, "PT_GNU_RELRO segment",
	    -1, UNITS_NONE },
	{ "bind-now", "NOW", EX_PROVE, ELF, ck_now,
	    "immediate binding (full RELRO)", -1, UNITS_NONE },
	{ "noexecstack", "NX", EX_PROVE, ELF, ck_nx, "non-executable stack",
	    -1, UNITS_NONE },
	{ "rwx-segment", "RWX", EX_FACT, ANY, ck_rwx,
	    "a writable and executable PT_LOAD or PE section (fact, yes is "
	    "bad)", -1, UNITS_NONE },
	{ "textrel", "TEXTREL", EX_FACT, ELF, ck_textrel,
	    "text relocations (fact, yes is bad)", -1, UNITS_NONE },
	{ "wxorx", "W^X", EX_PROVE, ELF, ck_wxorx,
	    "no writable and executable PT_LOAD, non-executable stack",
	    -1, UNITS_NONE },
	{ "separate-code", NULL, EX_PROVE, ELF, ck_separate_code,
	    "no executable segment maps the ELF headers or read-only data "
	    "(ld -z separate-code)", -1, UNITS_NONE },
	{ "safe-rpath", NULL, EX_PROVE, ELF, ck_rpath,
	    "no relative or empty DT_RPATH/DT_RUNPATH entry", -1, UNITS_NONE },
	{ "sanitizer", "SAN", EX_FACT, ELF, ck_sanitizer,
	    "a sanitizer runtime in DT_NEEDED or the symbols (fact, yes is "
	    "bad)", -1, UNITS_NONE },
	{ "stack-protector", "CANARY", EX_PROVE, ANY, ck_ssp, "stack canary",
	    -1, UNITS_LACK },
	{ "fortify-source", "FORTIFY", EX_PROVE, ANY, ck_fortify,
	    "_FORTIFY_SOURCE (level 2 or 3) checked libc calls", -1, UNITS_LACK },
	{ "fortify-3", NULL, EX_PROVE, ELF, ck_fortify3,
	    "_FORTIFY_SOURCE=3 (recorded command lines only)", -1,
	    UNITS_NONE },
	{ "stack-clash-protection", "CLASH", EX_PROVE, ANY, NULL, NULL, -1, UNITS_NONE },
	{ "cf-protection", "CET", EX_PROVE, ANY, ck_cet,
	    "x86 IBT and SHSTK property note; PE: CET_COMPAT", -1, UNITS_LACK },
	{ "branch-protection", "BTI", EX_PROVE, ANY, ck_bti,
	    "AArch64 BTI and PAC property note", -1, UNITS_LACK },
	{ "auto-var-init", "INIT", EX_PROVE, ANY, NULL, NULL, -1, UNITS_NONE },
	{ "dynamicbase", "PIE", EX_PROVE, PE, ck_dynbase,
	    "PE: DYNAMIC_BASE with base relocations (ASLR)", -1, UNITS_NONE },
	{ "high-entropy-va", "HEVA", EX_PROVE, PE, ck_heva,
	    "PE32+: HIGH_ENTROPY_VA and dynamicbase (64-bit ASLR)", -1, UNITS_NONE },
	{ "nxcompat", "NX", EX_PROVE, PE, ck_nxcompat,
	    "PE: NX_COMPAT (DEP)", -1, UNITS_NONE },
	{ "guard-cf", "CFG", EX_FACT, PE, ck_cfg,
	    "PE: Control Flow Guard, GUARD_CF and CF_INSTRUMENTED (fact)", -1, UNITS_NONE },
	{ "gs-cookie", NULL, EX_FACT, PE, ck_gs,
	    "PE: load configuration SecurityCookie, /GS (fact)", -1, UNITS_NONE },
	{ "stdlib-hardening", NULL, EX_PROVE, ANY, ck_stdlib,
	    "C++ standard library assertions (std::__glibcxx_assert_fail "
	    "import; recorded -D)", -1, UNITS_CXX_LACK },
	{ "nodlopen", NULL, EX_PROVE, ELF, ck_nodlopen,
	    "a shared library that refuses dlopen (DF_1_NOOPEN)", -1,
	    UNITS_NONE },
};

#define NCHECKS	(NELEM(code_checks) + CAT_MAX_FEATURES)

static struct check table[NCHECKS];
static char descs[CAT_MAX_FEATURES][160];
const struct check *audit_checks = table;
size_t audit_nchecks;

/*
 * How a binary shows catalog feature k that has no proof of its own: a
 * compile-time diagnostic never shows; a compiler flag shows on recorded
 * command lines; anything else would need a proof function here.
 */
static void
from_catalog(struct check *c, size_t k)
{
	const struct cat_feature *cf = &cat_features[k];

	c->feature = (int)k;
	if (strcmp(cf->proof, "reject") == 0)
		c->expect = EX_NEVER;
	else
		c->expect = cf->flag != NULL ? EX_PROVE : EX_NEVER;
	snprintf(descs[k], sizeof(descs[k]), "%s (%s)", cf->summary,
	    c->expect == EX_PROVE ? "recorded command line" :
	    strcmp(cf->proof, "reject") == 0 ? "compile time only: always "
	    "unknown" : "no proof from a binary: always unknown");
	if (c->desc == NULL)
		c->desc = descs[k];
	if (cf->audit != NULL)
		errx(2, "internal error: catalog feature %s has an audit row, "
		    "but no proof function in checks.c", cf->name);
}

void
audit_init(void)
{
	size_t i, n = 0;
	int k;

	for (i = 0; i < NELEM(code_checks); i++) {
		table[n] = code_checks[i];
		k = cat_find(table[n].name);
		if (table[n].fn == NULL) {
			if (k < 0)
				errx(2, "internal error: %s is not in the "
				    "catalog", table[n].name);
			from_catalog(&table[n], (size_t)k);
		}
		table[n++].feature = k;
	}
	for (audit_nchecks = n, i = 0; i < cat_nfeatures; i++)
		if (audit_find(cat_features[i].name) < 0) {
			table[n] = (struct check){ cat_features[i].name, NULL,
			    EX_PROVE, ANY, NULL, NULL, -1, UNITS_NONE };
			from_catalog(&table[n], i);
			audit_nchecks = ++n;
		}
}

#undef ELF
#undef PE
#undef ANY

/*
 * Why catalog feature k, which no binary proves, is unknown.  A static
 * program records no library at all, so as-needed (whose probe shows a
 * library left out) could not show even in harden-flags' probe.
 */
static void
never(const struct facts *f, size_t k, struct result *r)
{
	const char *proof = cat_features[k].proof;

	if (strcmp(proof, "reject") == 0)
		setr(r, V_UNKNOWN, "compile-time warning: not visible in a "
		    "binary");
	else if (strcmp(proof, "elf:as-needed") == 0 && is_static(f))
		setr(r, V_UNKNOWN, "static program: it records no library "
		    "(no DT_NEEDED), so what --as-needed drops cannot show; "
		    "not provable");
	else
		setr(r, V_UNKNOWN, "no proof from a binary");
}

/*
 * A check of another format gets V_FORMAT, naming the check of the file's
 * format that shares its column (pie / dynamicbase, noexecstack /
 * nxcompat) when there is one.
 */
void
audit_judge(size_t i, const struct facts *f, struct result *r)
{
	const struct check *c = &audit_checks[i];
	const char *twin = NULL;
	size_t j;

	if (c->formats & f->format) {
		if (c->fn != NULL) {
			c->fn(f, r);
			by_units(f, c->feature, c->units, r);
		} else if (c->expect == EX_NEVER)
			never(f, (size_t)c->feature, r);
		else
			fromcmd(f, (size_t)c->feature,
			    cat_features[c->feature].flag, 0, r);
		return;
	}
	for (j = 0; j < audit_nchecks && c->column != NULL; j++)
		if (audit_checks[j].column != NULL &&
		    strcmp(audit_checks[j].column, c->column) == 0 &&
		    (audit_checks[j].formats & f->format))
			twin = audit_checks[j].name;
	setr(r, V_FORMAT, "%s only: n/a for a%s %s file%s%s",
	    c->formats == FMT_PE ? "PE" : "ELF",
	    f->format == FMT_ELF ? "n" : "", f->format == FMT_PE ? "PE" :
	    "ELF", twin != NULL ? "; see " : "", twin != NULL ? twin : "");
}

int
audit_find(const char *name)
{
	size_t i;

	for (i = 0; i < audit_nchecks; i++)
		if (strcmp(table[i].name, name) == 0)
			return (int)i;
	return -1;
}
