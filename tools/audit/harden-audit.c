/*
 * harden-audit - report the hardening properties that ELF and PE files
 * really have.
 *
 * usage: harden-audit [-hjlquvV] [-e feature[,feature...]] file ...
 *
 * For every file it prints one line (or a JSON object) with a verdict per
 * property: yes, no, unknown (with the reason) or n/a.  With -e it is a
 * gate: exit 0 if every expected property is proven (yes or n/a), 1 if one
 * is no or unknown, 2 on usage errors or unreadable/malformed files; the
 * worst status over all files is returned.  See harden-audit(1).
 */
#include <err.h>
#include <getopt.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/json.h"
#include "archive.h"
#include "audit.h"
#include "compdb.h"
#include "deps.h"
#include "elf.h"
#include "mapfile.h"
#include "pe.h"
#include "sanitizer.h"

#ifndef HARDEN_VERSION
#define HARDEN_VERSION	"unknown"	/* tools/Makefile sets it from VERSION */
#endif

#define EXIT_OK		0
#define EXIT_MISSING	1
#define EXIT_ERR	2

struct opts {
	int		json;
	int		quiet;
	int		verbose;
	int		units;		/* list the recorded units */
	int		fail_uncovered;	/* a yes must cover every unit */
	int		objects;	/* --objects: objects are link inputs */
	const char	*compdb;	/* --compile-commands */
	const char	*reports[3];	/* --report, one per language */
	size_t		nreports;
	const char	*objdirs[65];	/* --objects-in, NULL-ended */
	size_t		nobjdirs;
	struct report_for {		/* --report-for DIR=REPORT */
		const char	*dirs[2];	/* DIR, NULL */
		const char	*reports[3];	/* NULL-ended */
	}		report_for[32];
	size_t		nreport_for;
	const char	*report_for_dirs[33];	/* theirs, NULL-ended */
	uint64_t	expect;		/* bit i: audit_checks[i] expected */
	struct expect_for {		/* --expect-for, --except-for */
		const char	*file;
		uint64_t	expect;	/* the list (bits as expect) */
		int		except;	/* --except-for: --expect's but it */
		int		used;	/* FILE was among the operands */
	}		expect_for[64];
	size_t		nexpect_for;
};

static void	usage(const char *) __attribute__((noreturn));
static void	blame_objects(struct result *);

static void
usage(const char *msg)
{
	if (msg != NULL)
		warnx("%s", msg);
	fprintf(stderr,
	    "usage: harden-audit [-hjlquvV] [-e feature[,feature...]] file ...\n"
	    "       harden-audit --objects [-e feature[,...]] program object ...\n"
	    "       harden-audit --compile-commands FILE --report REPORT... [file ...]\n"
	    "Try 'harden-audit --help' for more information.\n");
	exit(EXIT_ERR);
}

static void
help(void)
{
	size_t i;

	printf("usage: harden-audit [-hjlquvV] [-e feature[,feature...]] "
	    "file ...\n\n"
	    "Report the hardening properties that ELF and PE files really "
	    "have.\n"
	    "A static library (.a) is audited member by member; - is "
	    "standard input.\n\n"
	    "  -e, --expect LIST  comma-separated features that must be "
	    "proven (yes or n/a);\n"
	    "                     exit 1 if one is no, partial, unknown or "
	    "other-format\n"
	    "      --expect-for FILE=LIST  for the operand FILE, LIST "
	    "instead of --expect's\n"
	    "      --except-for FILE=LIST  for the operand FILE, --expect's "
	    "list but LIST\n"
	    "                     (a target that goes without a feature; "
	    "both repeatable)\n"
	    "      --fail-uncovered  with --expect, a yes from recorded "
	    "command lines fails\n"
	    "                     too when some units recorded none "
	    "(assembly, other compilers)\n"
	    "  -h, --help         print this help and exit\n"
	    "  -j, --json         print a JSON array instead of a table\n"
	    "  -l, --list         list the properties and exit\n"
	    "      --objects      the objects (.o, .a) among the files are "
	    "those the programs\n"
	    "                     among them link: one verdict of the "
	    "markings the linker\n"
	    "                     combines (cf-protection, "
	    "branch-protection) names each\n"
	    "                     object that lacks it; no row per object; "
	    "with\n"
	    "                     --compile-commands FILE (--report "
	    "optional), the objects\n"
	    "                     its commands write (--objects-in "
	    "applies)\n"
	    "  -q, --quiet        no table, only problems (on standard error)\n"
	    "  -u, --units        list the recorded compilation units and "
	    "their features\n"
	    "      --compile-commands FILE --report REPORT [--report REPORT]\n"
	    "                     every compile command of FILE "
	    "(compile_commands.json)\n"
	    "                     in a REPORT's language (C, C++) carries "
	    "the flags that\n"
	    "                     REPORT (harden-report.txt, "
	    "harden-report-cxx.txt) calls on,\n"
	    "                     none undone later; exit 1 names each "
	    "that does not\n"
	    "      --objects-in DIR  with --compile-commands: only the "
	    "commands whose object\n"
	    "                     is in DIR (repeatable: a target's object "
	    "directories)\n"
	    "      --report-for DIR=REPORT  with --compile-commands: the "
	    "commands whose\n"
	    "                     object is in DIR against REPORT instead "
	    "(a target's\n"
	    "                     exception; once per language of DIR, "
	    "repeatable)\n"
	    "  -v, --verbose      print the reason of every verdict\n"
	    "  -V, --version      print the version and exit\n\n"
	    "Features for --expect:\n");
	for (i = 0; i < audit_nchecks; i++)
		if (audit_checks[i].expect == EX_PROVE &&
		    audit_checks[i].feature >= 0)
			printf("  %s\n", audit_checks[i].name);
	printf("\nProperties of the file alone for --expect (no catalog "
	    "feature):\n");
	for (i = 0; i < audit_nchecks; i++)
		if (audit_checks[i].expect == EX_PROVE &&
		    audit_checks[i].feature < 0)
			printf("  %s\n", audit_checks[i].name);
	printf("\nFeatures that no binary can prove (refused by --expect):\n");
	for (i = 0; i < audit_nchecks; i++)
		if (audit_checks[i].expect == EX_NEVER)
			printf("  %s\n", audit_checks[i].name);
	printf("\nExit status: 0 all expected properties proven, 1 one is "
	    "missing or unknown,\n2 usage error or unreadable/malformed "
	    "file.\n");
}

static void
list(void)
{
	size_t i;

	for (i = 0; i < audit_nchecks; i++)
		printf("%-30s %s%s\n", audit_checks[i].name,
		    audit_checks[i].desc,
		    audit_checks[i].expect == EX_PROVE ? "" :
		    audit_checks[i].expect == EX_NEVER ?
		    " [never provable: refused by --expect]" :
		    " [not for --expect]");
}

static void
bad_feature(const char *name)
{
	size_t i;

	warnx("unknown feature '%s' in --expect; valid names:", name);
	for (i = 0; i < audit_nchecks; i++)
		if (audit_checks[i].expect == EX_PROVE)
			fprintf(stderr, "  %s\n", audit_checks[i].name);
	usage(NULL);
}

/*
 * A gate on a feature that no binary can prove could never pass: refuse
 * it up front, naming every such feature of the list.
 */
static uint64_t
parse_expect(const char *arg, uint64_t mask)
{
	char *copy, *p, *tok, never[256];
	int i;

	if ((copy = strdup(arg)) == NULL)
		err(EXIT_ERR, "strdup");
	never[0] = '\0';
	for (p = copy; (tok = strsep(&p, ",")) != NULL;) {
		tok += strspn(tok, " \t");
		tok[strcspn(tok, " \t")] = '\0';
		if (*tok == '\0')
			continue;
		if ((i = audit_find(tok)) == -1 ||
		    audit_checks[i].expect == EX_FACT)
			bad_feature(tok);
		if (audit_checks[i].expect == EX_NEVER) {
			if (strstr(never, audit_checks[i].name) == NULL &&
			    strlen(never) + strlen(tok) + 3 < sizeof(never))
				snprintf(never + strlen(never),
				    sizeof(never) - strlen(never), "%s%s",
				    never[0] ? ", " : "", audit_checks[i].name);
			continue;
		}
		mask |= (uint64_t)1 << i;
	}
	free(copy);
	if (never[0] != '\0') {
		warnx("--expect: no binary can prove %s (%s); remove it from "
		    "the list", never, "see harden-audit --list");
		usage(NULL);
	}
	return mask;
}

/*
 * --expect-for FILE=LIST, or with except --except-for FILE=LIST (split at
 * the last '=': a path may have one).
 */
static void
parse_expect_for(const char *arg, int except, struct opts *o)
{
	const char *eq = strrchr(arg, '=');
	struct expect_for *e;
	char *file;

	if (eq == NULL || eq == arg)
		usage(except ? "--except-for: want FILE=LIST" :
		    "--expect-for: want FILE=LIST (LIST may be empty)");
	if (o->nexpect_for == sizeof(o->expect_for) / sizeof(o->expect_for[0]))
		usage("--expect-for, --except-for: too many files");
	if ((file = strndup(arg, (size_t)(eq - arg))) == NULL)
		err(EXIT_ERR, "strndup");
	e = &o->expect_for[o->nexpect_for++];
	*e = (struct expect_for){ file, parse_expect(eq + 1, 0), except, 0 };
	if (except && e->expect == 0)
		usage("--except-for FILE=LIST: LIST names no feature");
}

/*
 * --report-for DIR=REPORT: DIR's commands against REPORT (one per
 * language: a second REPORT for the same DIR joins the first).
 */
static void
parse_report_for(const char *arg, struct opts *o)
{
	const char *eq = strchr(arg, '=');
	struct report_for *r;
	char *dir;
	size_t k;

	if (eq == NULL || eq == arg || eq[1] == '\0')
		usage("--report-for: want DIR=REPORT");
	if ((dir = strndup(arg, (size_t)(eq - arg))) == NULL)
		err(EXIT_ERR, "strndup");
	for (k = 0; k < o->nreport_for; k++)
		if (strcmp(o->report_for[k].dirs[0], dir) == 0)
			break;
	if (k == o->nreport_for) {
		if (k == sizeof(o->report_for) / sizeof(o->report_for[0]))
			usage("--report-for: too many directories");
		o->report_for[k].dirs[0] = o->report_for_dirs[k] = dir;
		o->nreport_for++;
	} else
		free(dir);
	r = &o->report_for[k];
	if (r->reports[1] != NULL)
		usage("--report-for: one C and one C++ report per directory");
	r->reports[r->reports[0] != NULL] = eq + 1;
}

/*
 * The compile commands: those of the --report-for directories against
 * their reports, the others (or those of --objects-in) against --report.
 * The worst status.
 */
static int
check_compile_commands(const struct opts *o)
{
	size_t k;
	int st, status = EXIT_OK;

	if (o->nreports > 0)
		status = compdb_check(o->compdb, o->reports,
		    o->nobjdirs > 0 ? o->objdirs : NULL,
		    o->nreport_for > 0 ? o->report_for_dirs : NULL);
	for (k = 0; k < o->nreport_for; k++)
		if ((st = compdb_check(o->compdb, o->report_for[k].reports,
		    o->report_for[k].dirs, NULL)) > status)
			status = st;
	return status;
}

/*
 * The options for the operand path: o, or a copy with its --expect-for
 * list, marked used.
 */
static const struct opts *
options_for(const char *path, struct opts *o, struct opts *copy)
{
	size_t k;

	for (k = 0; k < o->nexpect_for; k++)
		if (strcmp(o->expect_for[k].file, path) == 0) {
			o->expect_for[k].used = 1;
			*copy = *o;
			copy->expect = o->expect_for[k].except ?
			    o->expect & ~o->expect_for[k].expect :
			    o->expect_for[k].expect;
			return copy;
		}
	return o;
}

/*
 * s with control characters, backslashes and bytes that are not valid
 * UTF-8 escaped (\n, \t, \\, \xHH), so that a hostile file name can
 * neither forge table lines nor send terminal escapes.  Valid UTF-8 other
 * than C1 controls is kept.  Returns a buffer owned by the caller.
 */
static char *
vis(const char *s)
{
	const unsigned char *p;
	char *buf, *q;
	size_t n, i;

	if ((buf = malloc(strlen(s) * 4 + 1)) == NULL)
		err(EXIT_ERR, "malloc");
	for (p = (const unsigned char *)s, q = buf; *p != '\0'; p += n) {
		n = utf8len(p);
		if (*p == '\\' || *p == '\n' || *p == '\t' || *p == '\r') {
			*q++ = '\\';
			*q++ = *p == '\n' ? 'n' : *p == '\t' ? 't' :
			    *p == '\r' ? 'r' : '\\';
		} else if (n == 1 && *p >= 0x20 && *p != 0x7f)
			*q++ = (char)*p;
		else if (n > 1 && !(p[0] == 0xc2 && p[1] < 0xa0)) {
			for (i = 0; i < n; i++)
				*q++ = (char)p[i];
		} else {
			if (n == 0)
				n = 1;
			for (i = 0; i < n; i++)
				q += sprintf(q, "\\x%02x", p[i]);
		}
	}
	*q = '\0';
	return buf;
}

/* Print s through vis() with a printf format that has one %s. */
static void
pvis(FILE *fp, const char *fmt, const char *s)
{
	char *v = vis(s);

	fprintf(fp, fmt, v);
	free(v);
}

static const char *
short_name(enum verdict v)
{
	return v == V_UNKNOWN ? "?" : v == V_FORMAT ? "-" :
	    v == V_PARTIAL ? "part" : audit_vname(v);
}

static int
colwidth(const char *col)
{
	size_t n = strlen(col);

	return (int)(n < 3 ? 3 : n);
}

/*
 * Columns are the headings of the checks in table order, each once: an
 * ELF and a PE check of the same meaning share one (PIE, NX).
 */
static int
first_of_column(size_t i)
{
	size_t j;

	if (audit_checks[i].column == NULL)
		return 0;
	for (j = 0; j < i; j++)
		if (audit_checks[j].column != NULL &&
		    strcmp(audit_checks[j].column, audit_checks[i].column) == 0)
			return 0;
	return 1;
}

/* The check shown in column i for a file of format fmt. */
static size_t
column_check(size_t i, enum format fmt)
{
	size_t j;

	for (j = i; j < audit_nchecks; j++)
		if (audit_checks[j].column != NULL &&
		    strcmp(audit_checks[j].column, audit_checks[i].column) == 0 &&
		    (audit_checks[j].formats & fmt))
			return j;
	return i;
}

static void
table_header(void)
{
	size_t i;

	printf("%-10s", "TYPE");
	for (i = 0; i < audit_nchecks; i++)
		if (first_of_column(i))
			printf(" %-*s", colwidth(audit_checks[i].column),
			    audit_checks[i].column);
	printf(" %-7s FILE\n", "RPATH");
}

/* Whether result r satisfies --expect. */
static int
proven(const struct result *r, const struct opts *o)
{
	return (r->v == V_YES && !(o->fail_uncovered && r->uncovered)) ||
	    r->v == V_NA;
}

/* The catalog features in mask, comma-separated, or "-". */
static void
print_features(FILE *fp, uint64_t mask)
{
	size_t i;
	int n = 0;

	for (i = 0; i < cat_nfeatures; i++)
		if (mask >> i & 1)
			fprintf(fp, "%s%s", n++ ? "," : "", cat_features[i].name);
	if (n == 0)
		fputc('-', fp);
}

/* --units in the table: what each recorded unit turns on and off. */
static void
table_units(const struct facts *f)
{
	const struct cmdline_stat *c = &f->cmd;
	const struct unit *u;
	size_t i;
	char cover[200];

	audit_coverage(f, cover, sizeof(cover));
	printf("    units: %zu recorded, %u toolchain start files%s\n",
	    c->nunits, c->startfiles, cover);
	printf("    languages: %u C, %u C++ (%u by clang), %u other or "
	    "unnamed\n", c->c_units, c->cxx_units, c->clang_cxx_units,
	    c->other_units);
	for (i = 0; i < c->nunits; i++) {
		u = &c->units[i];
		pvis(stdout, "    unit %s", u->name != NULL ? u->name :
		    "(.GCC.command.line entry)");
		printf(": on ");
		print_features(stdout, u->on);
		printf("; off ");
		print_features(stdout, u->off);
		if (u->code >= 0)
			printf("; %lld bytes of code", (long long)u->code);
		putchar('\n');
	}
}

static void
table_row(const char *path, const struct facts *f, const struct result *res,
    const struct opts *o)
{
	size_t i;

	printf("%-10s", f->kind);
	for (i = 0; i < audit_nchecks; i++)
		if (first_of_column(i))
			printf(" %-*s", colwidth(audit_checks[i].column),
			    short_name(res[column_check(i, f->format)].v));
	printf(" %-7s ", f->rpath && f->runpath ? "both" : f->rpath ?
	    "rpath" : f->runpath ? "runpath" : "-");
	pvis(stdout, "%s\n", path);
	if (o->units)
		table_units(f);
	if (!o->verbose)
		return;
	for (i = 0; i < audit_nchecks; i++) {
		printf("    %-30s %-7s ", audit_checks[i].name,
		    audit_vname(res[i].v));
		pvis(stdout, "%s\n", res[i].why);
	}
	if (f->rpath != NULL)
		pvis(stdout, "    rpath                          %s\n",
		    f->rpath);
	if (f->runpath != NULL)
		pvis(stdout, "    runpath                        %s\n",
		    f->runpath);
}

/* The catalog features in mask as a JSON array. */
static void
json_features(uint64_t mask)
{
	size_t i;
	int n = 0;

	putchar('[');
	for (i = 0; i < cat_nfeatures; i++)
		if (mask >> i & 1)
			printf("%s\"%s\"", n++ ? ", " : "", cat_features[i].name);
	putchar(']');
}

/* --units in JSON: the counts, then each recorded unit. */
static void
json_units(const struct facts *f)
{
	const struct cmdline_stat *c = &f->cmd;
	size_t i;

	printf(",\n   \"units\": {\"start_files\": %u, \"unrecorded\": %u, "
	    "\"assembler\": %u, \"link_time\": %u, \"code_bytes\": %llu, "
	    "\"recorded_code_bytes\": %llu, \"c\": %u, \"cxx\": %u, "
	    "\"clang_cxx\": %u, \"recorded\": [", c->startfiles,
	    c->unrecorded, c->asm_units, c->lto_units,
	    (unsigned long long)c->code_total,
	    (unsigned long long)c->code_recorded, c->c_units, c->cxx_units,
	    c->clang_cxx_units);
	for (i = 0; i < c->nunits; i++) {
		printf("%s\n    {\"name\": ", i ? "," : "");
		json_string(stdout, c->units[i].name);
		printf(", \"on\": ");
		json_features(c->units[i].on);
		printf(", \"off\": ");
		json_features(c->units[i].off);
		printf(", \"code_bytes\": %lld, \"cxx\": %s}",
		    (long long)c->units[i].code, c->units[i].cxx ? "true" :
		    "false");
	}
	printf("]}");
}

/* The ELF facts behind safe-rpath and sanitizer, for machines. */
static void
json_elf(const struct facts *f)
{
	const struct rpath_classes *c = &f->rpath_cls;
	char names[64], *p, *tok;
	int n = 0;

	printf(",\n   \"rpath_entries\": {\"absolute\": %u, \"origin\": %u, "
	    "\"relative\": %u, \"empty\": %u}, \"sanitizers\": [",
	    c->absolute, c->origin, c->relative, c->empty);
	san_names(audit_sanitizers(f), names, sizeof(names));
	for (p = names; (tok = strsep(&p, ",")) != NULL;)
		if (*(tok += strspn(tok, " ")) != '\0')
			printf("%s\"%s\"", n++ ? ", " : "", tok);
	putchar(']');
}

/* The PE header facts behind the verdicts, for machines. */
static void
json_pe(const struct facts *f)
{
	const struct pe_config *c = &f->pe_cfg;

	printf(",\n   \"pe\": {\"characteristics\": %u, "
	    "\"dll_characteristics\": %u, \"base_relocations\": %s, "
	    "\"imports\": %s, \"coff_symbols\": %s, \"load_config\": %s, "
	    "\"security_cookie\": %llu, \"guard_flags\": %u, "
	    "\"ex_dll_characteristics\": %u}", f->pe_chars, f->pe_dllchar,
	    f->pe_relocs ? "true" : "false", f->pe_imports ? "true" : "false",
	    f->pe_coffsyms ? "true" : "false", c->loadcfg ? "true" : "false",
	    (unsigned long long)c->cookie, c->guardflags, c->exdllchar);
}

/* JSON objects printed so far: a comma goes before each but the first. */
static unsigned long	json_rows;

static void
json_row(const char *path, const struct facts *f, const struct result *res,
    const struct opts *o)
{
	size_t i;
	int n = 0;

	printf("%s  {\"file\": ", json_rows++ ? ",\n" : "");
	json_string(stdout, path);
	printf(", \"format\": \"%s\", \"class\": \"%s\", \"endian\": \"%s\", "
	    "\"machine\": %u, \"kind\": \"%s\",\n   \"properties\": {",
	    f->format == FMT_PE ? "PE" : "ELF", f->cls, f->big ? "big" :
	    "little", f->machine, f->kind);
	for (i = 0; i < audit_nchecks; i++) {
		printf("%s\n    \"%s\": {\"result\": \"%s\", \"reason\": ",
		    i ? "," : "", audit_checks[i].name, audit_vname(res[i].v));
		json_string(stdout, res[i].why);
		putchar('}');
	}
	printf("},\n   \"fortify\": {\"fortified\": %u, \"unfortified\": %u},"
	    " \"rpath\": ", f->fortified, f->unfortified);
	json_string(stdout, f->rpath);
	printf(", \"runpath\": ");
	json_string(stdout, f->runpath);
	if (f->format == FMT_ELF)
		json_elf(f);
	if (f->format == FMT_PE)
		json_pe(f);
	if (o->units)
		json_units(f);
	if (o->expect != 0) {
		printf(",\n   \"expect\": {\"missing\": [");
		for (i = 0; i < audit_nchecks; i++)
			if ((o->expect >> i & 1) && !proven(&res[i], o))
				printf("%s\"%s\"", n++ ? ", " : "",
				    audit_checks[i].name);
		printf("], \"passed\": %s}", n ? "false" : "true");
	}
	putchar('}');
}

static void
json_error(const char *path, const char *msg)
{
	printf("%s  {\"file\": ", json_rows++ ? ",\n" : "");
	json_string(stdout, path);
	printf(", \"error\": ");
	json_string(stdout, msg);
	putchar('}');
}

/*
 * The file is mapped: if it shrinks under us, a read past its new end
 * raises SIGBUS.  That file is then reported as an error, not the run.
 */
static sigjmp_buf	busjmp;
static volatile sig_atomic_t inread;

static void
onbus(int sig)
{
	if (inread)
		siglongjmp(busjmp, 1);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Warn "path: msg" with the path made printable. */
static void
fwarn(const char *path, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
fwarn(const char *path, const char *fmt, ...)
{
	va_list ap;
	char msg[512], *v = vis(path);

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	warnx("%s: %s", v, msg);
	free(v);
}

/*
 * The readers' state: static, so it keeps its values across the
 * siglongjmp of load().
 */
static struct mapfile	mf;
static struct elf	elf;
static struct pe	pe;
static struct facts	facts;
static char		loaderr[200];

/* Read the ELF or PE image [data, data+size) into facts; NULL, or why not. */
static const char *
read_image(const unsigned char *data, size_t size, enum binfmt fmt)
{
	if (fmt == BF_PE)
		return pe_load(&pe, data, size) == -1 ||
		    audit_pe_facts(&pe, &facts) == -1 ? pe.err : NULL;
	if (size < 4 || memcmp(data, "\177ELF", 4) != 0)
		return "not an ELF object";
	return elf_load(&elf, data, size) == -1 ||
	    audit_facts(&elf, &facts) == -1 ? elf.err : NULL;
}

/* read_image(), with a file that shrinks under us an error; 0 or -1. */
static int
load(const unsigned char *data, size_t size, enum binfmt fmt)
{
	const char *why;

	if (sigsetjmp(busjmp, 1) != 0) {
		inread = 0;
		snprintf(loaderr, sizeof(loaderr), "file shrank while being "
		    "read");
		return -1;
	}
	inread = 1;
	why = read_image(data, size, fmt);
	inread = 0;
	if (why == NULL)
		return 0;
	snprintf(loaderr, sizeof(loaderr), "%s", why);
	return -1;
}

/* Free what one image's readers hold (not the mapping). */
static void
unload(void)
{
	audit_facts_free(&facts);
	elf_close(&elf);
	pe_close(&pe);
}

/* Report a file (or member) that could not be read: EXIT_ERR. */
static int
fail_file(const char *name, const char *why, const struct opts *o)
{
	fwarn(name, "%s", why);
	if (o->json)
		json_error(name, why);
	return EXIT_ERR;
}

/* Judge and print one image under name; returns its exit status. */
static int
audit_image(const char *name, const unsigned char *data, size_t size,
    enum binfmt fmt, const struct opts *o)
{
	struct result res[64];
	size_t i;
	int status = EXIT_OK;

	if (load(data, size, fmt) == -1) {
		unload();
		return fail_file(name, loaderr, o);
	}
	facts.setid = mf.setid;
	deps_note(name, &facts);
	for (i = 0; i < audit_nchecks; i++)
		audit_judge(i, &facts, &res[i]);
	if (o->objects)
		blame_objects(res);
	if (o->json)
		json_row(name, &facts, res, o);
	else if (!o->quiet)
		table_row(name, &facts, res, o);
	for (i = 0; i < audit_nchecks; i++)
		if ((o->expect >> i & 1) && !proven(&res[i], o)) {
			fwarn(name, "%s not proven: %s (%s)",
			    audit_checks[i].name, res[i].v == V_YES ?
			    "uncovered units" : audit_vname(res[i].v),
			    res[i].why);
			status = EXIT_MISSING;
		}
	unload();
	return status;
}

/* The walk of an archive, protected from a file that shrinks: as ar_next. */
static int
next_member(struct ar *a, struct ar_member *m)
{
	int r;

	if (sigsetjmp(busjmp, 1) != 0) {
		inread = 0;
		snprintf(a->err, sizeof(a->err), "file shrank while being "
		    "read");
		return -1;
	}
	inread = 1;
	r = ar_next(a, m);
	inread = 0;
	return r;
}

/* What each_member does with one member: its name is "lib.a(member.o)". */
typedef int member_fn(const char *, const unsigned char *, size_t,
    const struct opts *);

/*
 * Every member of the archive mapped in mf through visit, with *n the
 * number of members; the worst status.
 */
static int
each_member(const char *path, const struct opts *o, member_fn *visit, int *n)
{
	struct ar a;
	struct ar_member m;
	char *name;
	int r, st, status = EXIT_OK;

	*n = 0;
	if (ar_open(&a, mf.data, mf.size) == -1)
		return fail_file(path, a.err, o);
	while ((r = next_member(&a, &m)) == 1) {
		if ((name = malloc(strlen(path) + strlen(m.name) + 3)) == NULL)
			err(EXIT_ERR, "malloc");
		sprintf(name, "%s(%s)", path, m.name);
		if ((st = visit(name, m.data, m.size, o)) > status)
			status = st;
		free(name);
		(*n)++;
	}
	return r == -1 ? fail_file(path, a.err, o) : status;
}

static int
audit_member(const char *name, const unsigned char *data, size_t size,
    const struct opts *o)
{
	return audit_image(name, data, size, BF_ELF, o);
}

/*
 * Every object of a static library, as lintian judges fortify: each
 * member on its own row.  An archive without an object proves nothing: a
 * warning, and a failure of --expect.
 */
static int
audit_archive(const char *path, const struct opts *o)
{
	int n, status;

	status = each_member(path, o, audit_member, &n);
	if (n == 0 && status == EXIT_OK) {
		fwarn(path, "archive without members: nothing to audit");
		if (o->expect != 0)
			status = EXIT_MISSING;
	}
	return status;
}

/*
 * --objects: the relocatable objects among the operands (and every member
 * of an archive operand) are the inputs of the programs among them.  The
 * linker marks a program with a GNU property (IBT/SHSTK, BTI/PAC) only
 * when every object it links has it, so for these markings the objects
 * get one verdict that names each object lacking it, and a program whose
 * note lacks the property says which objects of the project lose it.
 */
static int
has_ibt_shstk(const struct facts *f)
{
	return !f->is_x86 ? -1 : f->prop_note && (f->x86_feat & 3) == 3;
}

static int
has_bti_pac(const struct facts *f)
{
	return !f->is_aarch64 ? -1 : f->prop_note && (f->a64_feat & 3) == 3;
}

static struct marking {
	const char	*check, *props;
	int		(*has)(const struct facts *);	/* -1: other machine */
	unsigned	seen;		/* objects of that machine */
	char		**lack;		/* names of those without it */
	unsigned	nlack;
} markings[] = {
	{ "cf-protection", "IBT/SHSTK", has_ibt_shstk, 0, NULL, 0 },
	{ "branch-protection", "BTI/PAC", has_bti_pac, 0, NULL, 0 },
};
#define NMARKINGS	(sizeof(markings) / sizeof(markings[0]))
static unsigned	nobjects;

static int
is_marking(const char *check)
{
	size_t k;

	for (k = 0; k < NMARKINGS; k++)
		if (strcmp(markings[k].check, check) == 0)
			return 1;
	return 0;
}

/* Whether the ELF header says ET_REL (no other read of a program). */
static int
is_relocatable(const unsigned char *d, size_t size)
{
	return size >= 18 && memcmp(d, "\177ELF", 4) == 0 &&
	    (d[5] == 2 ? d[16] << 8 | d[17] : d[17] << 8 | d[16]) == 1;
}

/* Tally the markings of one object (facts loaded) under name. */
static void
tally_object(const char *name)
{
	struct marking *m;
	size_t k;

	nobjects++;
	for (k = 0; k < NMARKINGS; k++) {
		m = &markings[k];
		switch (m->has(&facts)) {
		case 0:
			if ((m->lack = realloc(m->lack, (m->nlack + 1) *
			    sizeof(*m->lack))) == NULL ||
			    (m->lack[m->nlack++] = strdup(name)) == NULL)
				err(EXIT_ERR, "malloc");
			/* FALLTHROUGH */
		case 1:
			m->seen++;
		}
	}
}

/* Load and tally one object image; its exit status. */
static int
scan_image(const char *name, const unsigned char *data, size_t size,
    const struct opts *o)
{
	int st = EXIT_OK;

	if (load(data, size, BF_ELF) == -1)
		st = fail_file(name, loaderr, o);
	else if (strcmp(facts.kind, "object") != 0)
		st = fail_file(name, "not a relocatable object (an archive "
		    "member that --objects cannot link)", o);
	else
		tally_object(name);
	unload();
	return st;
}

/* Every member of the archive mapped in mf, as scan_image; the status. */
static int
scan_archive(const char *path, const struct opts *o)
{
	int n;

	return each_member(path, o, scan_image, &n);
}

/*
 * Tally the object or archive at path; *obj says whether it was one (else
 * a program or library, for pass two).  Its status.
 */
static int
scan_path(const char *path, const struct opts *o, char *obj)
{
	int st = EXIT_OK;

	*obj = 1;
	if (map_open(&mf, path) == -1)
		st = fail_file(path, mf.err, o);
	else if (mf.fmt == BF_AR)
		st = scan_archive(path, o);
	else if (mf.fmt == BF_ELF && is_relocatable(mf.data, mf.size))
		st = scan_image(path, mf.data, mf.size, o);
	else
		*obj = 0;
	map_close(&mf);
	return st;
}

/* What scan_db_object needs, and its worst status. */
struct dbscan {
	const struct opts	*o;
	int			status;
};

/* An object of the compilation database; a program it names is not. */
static void
scan_db_object(const char *path, void *arg)
{
	struct dbscan *d = arg;
	char obj;
	int st = scan_path(path, d->o, &obj);

	if (st > d->status)
		d->status = st;
}

/*
 * Pass one of --objects: tally the objects and archives among the
 * operands, flag them in obj[] (no row of their own), and with
 * --compile-commands the objects its commands write; the status.
 */
static int
scan_objects(int argc, char *argv[], char *obj, const struct opts *o)
{
	struct dbscan d = { o, EXIT_OK };
	int i, st;

	for (i = 0; i < argc; i++)
		if ((st = scan_path(argv[i], o, &obj[i])) > d.status)
			d.status = st;
	if (o->compdb != NULL && (st = compdb_objects(o->compdb,
	    o->nobjdirs > 0 ? o->objdirs : NULL, scan_db_object, &d)) >
	    d.status)
		d.status = st;
	return d.status;
}

/* The names of m's objects that lack it, comma-separated, printable. */
static void
lack_names(const struct marking *m, char *buf, size_t sz)
{
	size_t len = 0;
	unsigned i;
	char *v;

	buf[0] = '\0';
	for (i = 0; i < m->nlack && len + 1 < sz; i++) {
		v = vis(m->lack[i]);
		len += (size_t)snprintf(buf + len, sz - len, "%s%s",
		    i ? ", " : "", v);
		free(v);
	}
	if (len >= sz && sz > 4)
		strcpy(buf + sz - 4, "...");
}

/*
 * A program's "no" for a marking says whether objects of the project
 * lack it, or whether (all of them having it) a start file or a library
 * does.
 */
static void
blame_objects(struct result *res)
{
	const struct marking *m;
	struct result *r;
	char names[200];
	size_t k, n;
	int i;

	for (k = 0; k < NMARKINGS; k++) {
		m = &markings[k];
		if ((i = audit_find(m->check)) < 0 || res[i].v != V_NO ||
		    m->seen == 0)
			continue;
		r = &res[i];
		n = strlen(r->why);
		lack_names(m, names, sizeof(names));
		if (m->nlack > 0)
			snprintf(r->why + n, sizeof(r->why) - n, "; %u of %u "
			    "objects lack %s: %s", m->nlack, m->seen, m->props,
			    names);
		else
			snprintf(r->why + n, sizeof(r->why) - n, "; all %u "
			    "objects have %s: a start file or library lacks "
			    "it", m->seen, m->props);
	}
}

/* The JSON element of the objects: each marking, the objects lacking it. */
static void
json_objects(void)
{
	const struct marking *m;
	size_t k;
	unsigned i;
	int n = 0;

	printf("%s  {\"objects\": %u, \"markings\": {", json_rows++ ? ",\n" :
	    "", nobjects);
	for (k = 0; k < NMARKINGS; k++) {
		if ((m = &markings[k])->seen == 0)
			continue;
		printf("%s\n    \"%s\": {\"result\": \"%s\", \"objects\": %u, "
		    "\"lacking\": [", n++ ? "," : "", m->check, m->nlack ?
		    "no" : "yes", m->seen);
		for (i = 0; i < m->nlack; i++) {
			printf("%s", i ? ", " : "");
			json_string(stdout, m->lack[i]);
		}
		printf("]}");
	}
	printf("}}");
}

/*
 * Pass three of --objects: the objects' verdict of each marking (a table
 * line or a JSON element); with --expect, one that some lack fails, named
 * with them, and so does an expected feature with no program to prove it.
 * Returns the status.
 */
static int
report_objects(const struct opts *o, int nprograms)
{
	static char names[8192];
	const struct marking *m;
	size_t k;
	int i, status = EXIT_OK;

	if (nobjects == 0) {
		warnx("--objects: no relocatable object among the operands%s",
		    o->compdb != NULL ? " or in the database" : "");
		return o->expect != 0 ? EXIT_MISSING : EXIT_OK;
	}
	if (o->json)
		json_objects();
	for (k = 0; k < NMARKINGS; k++) {
		if ((m = &markings[k])->seen == 0)
			continue;
		lack_names(m, names, sizeof(names));
		if (!o->json && !o->quiet && m->nlack > 0)
			printf("objects: %s: not enforced: %u of %u objects lack "
			    "%s: %s\n", m->check, m->nlack, m->seen, m->props,
			    names);
		else if (!o->json && !o->quiet)
			printf("objects: %s: yes: all %u objects have %s\n",
			    m->check, m->seen, m->props);
		if (m->nlack > 0 && (i = audit_find(m->check)) >= 0 &&
		    (o->expect >> i & 1)) {
			warnx("objects: %s not proven: %u of %u objects lack "
			    "%s: %s", m->check, m->nlack, m->seen, m->props,
			    names);
			status = EXIT_MISSING;
		}
	}
	for (i = 0; nprograms == 0 && (size_t)i < audit_nchecks; i++)
		if ((o->expect >> i & 1) && !is_marking(audit_checks[i].name)) {
			warnx("objects: %s not proven: no program or library "
			    "among the operands", audit_checks[i].name);
			status = EXIT_MISSING;
		}
	return status;
}

/* Audit one operand ("-": standard input); returns its exit status. */
static int
audit(const char *path, const struct opts *o)
{
	int status;

	if (map_open(&mf, path) == -1)
		status = fail_file(path, mf.err, o);
	else if (mf.fmt == BF_AR)
		status = audit_archive(path, o);
	else
		status = audit_image(path, mf.data, mf.size, mf.fmt, o);
	map_close(&mf);
	return status;
}

/* Exit after --help, --list or --version: 0, or 2 if stdout failed. */
static void	done(void) __attribute__((noreturn));

static void
done(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_ERR, "stdout");
	exit(EXIT_OK);
}

/* The options into o; returns optind. */
static int
parse_options(int argc, char *argv[], struct opts *o)
{
	static const struct option longopts[] = {
		{ "expect",	required_argument,	NULL, 'e' },
		{ "expect-for",	required_argument,	NULL, 'E' },
		{ "except-for",	required_argument,	NULL, 'X' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "json",	no_argument,		NULL, 'j' },
		{ "list",	no_argument,		NULL, 'l' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "units",	no_argument,		NULL, 'u' },
		{ "compile-commands", required_argument, NULL, 'C' },
		{ "report",	required_argument,	NULL, 'R' },
		{ "objects-in",	required_argument,	NULL, 'O' },
		{ "report-for",	required_argument,	NULL, 'F' },
		{ "fail-uncovered", no_argument,	NULL, 'U' },
		{ "objects",	no_argument,		NULL, 'o' },
		{ "verbose",	no_argument,		NULL, 'v' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	int ch;

	memset(o, 0, sizeof(*o));
	while ((ch = getopt_long(argc, argv, "e:hjlquvV", longopts, NULL)) != -1)
		switch (ch) {
		case 'e': o->expect = parse_expect(optarg, o->expect); break;
		case 'E': parse_expect_for(optarg, 0, o); break;
		case 'X': parse_expect_for(optarg, 1, o); break;
		case 'h': help(); done(); break;
		case 'j': o->json = 1; break;
		case 'l': list(); done(); break;
		case 'q': o->quiet = 1; break;
		case 'u': o->units = 1; break;
		case 'C': o->compdb = optarg; break;
		case 'R':
			if (o->nreports == 2)
				usage("--report: one C and one C++ report at most");
			o->reports[o->nreports++] = optarg;
			break;
		case 'O':
			if (o->nobjdirs == 64)
				usage("more than 64 --objects-in");
			o->objdirs[o->nobjdirs++] = optarg;
			break;
		case 'F': parse_report_for(optarg, o); break;
		case 'U': o->fail_uncovered = 1; break;
		case 'o': o->objects = 1; break;
		case 'v': o->verbose = 1; break;
		case 'V': printf("harden-audit %s\n", HARDEN_VERSION); done(); break;
		default: usage(NULL);
		}
	/* With --objects, the database may be read for its objects alone. */
	if (o->nreports + o->nreport_for > 0 ? o->compdb == NULL :
	    o->compdb != NULL && !o->objects)
		usage("--compile-commands and --report go together");
	if (o->nobjdirs > 0 && o->compdb == NULL)
		usage("--objects-in goes with --compile-commands");
	if (optind == argc && o->compdb == NULL)
		usage("no file given");
	for (ch = optind; o->objects && ch < argc; ch++)
		if (strcmp(argv[ch], "-") == 0)
			usage("--objects reads no standard input (the objects "
			    "are read before the programs)");
	return optind;
}

int
main(int argc, char *argv[])
{
	struct opts o, copy;
	size_t k;
	char *obj;	/* obj[i]: operand i is an object (--objects) */
	int i, st, status = EXIT_OK, nprograms = 0;

	audit_init();
	if (audit_nchecks > 64)
		errx(EXIT_ERR, "internal error: too many checks");
	i = parse_options(argc, argv, &o);
	argc -= i;
	argv += i;
	if (o.nreports + o.nreport_for > 0) {
		status = check_compile_commands(&o);
		if (argc == 0 && !o.objects)
			return fflush(stdout) == 0 ? status : EXIT_ERR;
	}
	signal(SIGBUS, onbus);
	if ((obj = calloc((size_t)argc + 1, 1)) == NULL)
		err(EXIT_ERR, "calloc");
	if (o.json)
		printf("[\n");
	if (o.objects && (st = scan_objects(argc, argv, obj, &o)) > status)
		status = st;
	for (i = 0; i < argc; i++)
		nprograms += !obj[i];
	if (!o.json && !o.quiet && nprograms > 0)
		table_header();
	for (i = 0; i < argc; i++) {
		if (obj[i])
			continue;
		st = audit(argv[i], options_for(argv[i], &o, &copy));
		if (st > status)
			status = st;
	}
	deps_report();
	/* An expectation for a file that is not audited is a mistake. */
	for (k = 0; k < o.nexpect_for; k++)
		if (!o.expect_for[k].used) {
			warnx("--%s-for %s: not a program or library among "
			    "the operands", o.expect_for[k].except ? "except" :
			    "expect", o.expect_for[k].file);
			status = EXIT_ERR;
		}
	if (o.objects && (st = report_objects(&o, nprograms)) > status)
		status = st;
	free(obj);
	if (o.json)
		printf("\n]\n");
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_ERR, "stdout");
	return status;
}
