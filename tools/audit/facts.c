/*
 * facts.c - gather what an ELF or PE file really contains.
 *
 * audit_facts() reads an ELF file's program headers, dynamic tags, symbol
 * tables, GNU property notes and recorded compiler command lines;
 * audit_pe_facts() a PE image's DllCharacteristics, base relocations,
 * imports, COFF symbols and load configuration.  checks.c judges them.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "cxxlib.h"
#include "memo.h"
#include "sanitizer.h"

#define PT_INTERP_		3
#define PT_DYNAMIC_		2
#define PT_LOAD_		1
#define PT_NOTE_		4
#define PT_GNU_STACK_		0x6474e551u
#define PT_GNU_RELRO_		0x6474e552u
#define PF_X_			1
#define PF_W_			2
#define SHT_NOTE_		7
#define SHT_NOBITS_		8
#define SHF_ALLOC_		0x2
#define SHF_EXECINSTR_		0x4
#define SHF_COMPRESSED_		0x800
#define ET_REL_			1
#define ET_EXEC_		2
#define ET_DYN_			3
#define EM_386_			3
#define EM_X86_64_		62
#define EM_AARCH64_		183
#define DT_NEEDED_		1
#define DT_STRTAB_		5
#define DT_STRSZ_		10
#define DT_SONAME_		14
#define DT_RPATH_		15
#define DT_TEXTREL_		22
#define DT_BIND_NOW_		24
#define DT_RUNPATH_		29
#define DT_FLAGS_		30
#define DT_FLAGS_1_		0x6ffffffb
#define DT_AARCH64_BTI_PLT_	0x70000001
#define DT_AARCH64_PAC_PLT_	0x70000003
#define DF_TEXTREL_		0x4
#define DF_BIND_NOW_		0x8
#define DF_1_NOW_		0x1
#define DF_1_NOOPEN_		0x40
#define DF_1_PIE_		0x08000000
#define SHN_UNDEF_		0
#define STB_WEAK_		2
#define NT_GNU_PROPERTY_TYPE_0_	5
#define X86_FEATURE_1_AND_	0xc0000002u
#define AARCH64_FEATURE_1_AND_	0xc0000000u

/*
 * glibc functions with a __X_chk variant, sorted (fortify_find() bisects),
 * with their FN_* kinds (audit.h).  FN_ALWAYS: with _FORTIFY_SOURCE >= 2
 * and optimisation glibc's headers route every call to __X_chk (format
 * functions: no object size needed), so importing the plain X proves that
 * at least one translation unit was not fortified.  FN_VARIADIC: glibc
 * 2.36 gives clang these wrappers as C macros only (#elif !defined
 * __cplusplus in <bits/stdio2.h>), so clang++ calls the plain X whatever
 * _FORTIFY_SOURCE.  FN_BUILTIN: the C++ standard libraries call
 * __builtin_X themselves (char_traits, std::copy), never through glibc's
 * fortified wrappers.
 */
#define A_V		(FN_ALWAYS | FN_VARIADIC)
static const struct fortify_fn {
	const char	*name;
	int		kind;
} fortify_fns[] = {
	{ "asprintf", FN_VARIADIC }, { "confstr", 0 }, { "dprintf", A_V },
	{ "explicit_bzero", 0 }, { "fdelt", 0 }, { "fgets", 0 },
	{ "fgets_unlocked", 0 }, { "fgetws", 0 }, { "fgetws_unlocked", 0 },
	{ "fprintf", A_V }, { "fread", 0 }, { "fread_unlocked", 0 },
	{ "fwprintf", A_V }, { "getcwd", 0 }, { "getdomainname", 0 },
	{ "getgroups", 0 }, { "gethostname", 0 }, { "getlogin_r", 0 },
	{ "gets", 0 }, { "getwd", 0 }, { "longjmp", 0 }, { "mbsnrtowcs", 0 },
	{ "mbsrtowcs", 0 }, { "mbstowcs", 0 }, { "memcpy", FN_BUILTIN },
	{ "memmove", FN_BUILTIN }, { "mempcpy", 0 }, { "memset", FN_BUILTIN },
	{ "obstack_printf", FN_VARIADIC }, { "obstack_vprintf", 0 },
	{ "poll", 0 }, { "ppoll", 0 }, { "pread", 0 }, { "pread64", 0 },
	{ "printf", A_V }, { "ptsname_r", 0 }, { "read", 0 },
	{ "readlink", 0 }, { "readlinkat", 0 }, { "realpath", 0 },
	{ "recv", 0 }, { "recvfrom", 0 }, { "snprintf", FN_VARIADIC },
	{ "sprintf", FN_VARIADIC }, { "stpcpy", 0 }, { "stpncpy", 0 },
	{ "strcat", 0 }, { "strcpy", 0 }, { "strncat", 0 }, { "strncpy", 0 },
	{ "swprintf", FN_VARIADIC }, { "syslog", A_V }, { "ttyname_r", 0 },
	{ "vasprintf", 0 }, { "vdprintf", FN_ALWAYS },
	{ "vfprintf", FN_ALWAYS }, { "vfwprintf", FN_ALWAYS },
	{ "vprintf", FN_ALWAYS }, { "vsnprintf", 0 }, { "vsprintf", 0 },
	{ "vswprintf", 0 }, { "vsyslog", FN_ALWAYS },
	{ "vwprintf", FN_ALWAYS }, { "wcpcpy", 0 }, { "wcpncpy", 0 },
	{ "wcrtomb", 0 }, { "wcscat", 0 }, { "wcscpy", 0 }, { "wcsncat", 0 },
	{ "wcsncpy", 0 }, { "wcsnrtombs", 0 }, { "wcsrtombs", 0 },
	{ "wcstombs", 0 }, { "wctomb", 0 }, { "wmemcpy", 0 },
	{ "wmemmove", 0 }, { "wmempcpy", 0 }, { "wmemset", 0 },
	{ "wprintf", A_V },
};

/* std::__glibcxx_assert_fail: libstdc++ >= 12 with _GLIBCXX_ASSERTIONS. */
static const char glibcxx_assert_fail[] =
    "_ZSt21__glibcxx_assert_failPKciS0_S0_";

static const char *const ssp_syms[] = {
	"__stack_chk_fail", "__stack_chk_fail_local", "__stack_chk_guard",
	"__intel_security_cookie",
};


#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Append name to a comma-separated list, silently truncating with "...". */
static void
addname(char *buf, size_t sz, const char *name)
{
	size_t len = strlen(buf);

	if (len + strlen(name) + 6 >= sz) {
		if (len + 4 < sz && (len < 3 || strcmp(buf + len - 3, "...")))
			memcpy(buf + len, len ? ",..." : "...", len ? 5 : 4);
		return;
	}
	snprintf(buf + len, sz - len, "%s%s", len ? "," : "", name);
}

/* ---- fact gathering ------------------------------------------------ */

struct symctx {
	struct facts	*f;
	int		defined;	/* look at defined (static) symbols */
};

/* The fortify_fns entry for the n bytes at s, or NULL. */
static const struct fortify_fn *
fortify_find(const char *s, size_t n)
{
	size_t lo = 0, hi = NELEM(fortify_fns), mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strncmp(s, fortify_fns[mid].name, n)) == 0 &&
		    fortify_fns[mid].name[n] != '\0')
			c = -1;
		if (c == 0)
			return &fortify_fns[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Longer names are no libc function: bounds strlen on hostile tables. */
#define MAXFNLEN	64

/* Count what the symbol name n says: canary, fortified or plain call. */
static void
classify(struct facts *f, const char *n, int defined)
{
	const struct fortify_fn *fn;
	size_t i, len;

	f->cxxlib |= cxxlib_symbol(n);
	if (!defined && strncmp(n, "_Z", 2) == 0) {
		f->cxx_imports++;
		if (strcmp(n, glibcxx_assert_fail) == 0)
			f->stdlib_assert = glibcxx_assert_fail;
		return;
	}
	if ((len = strnlen(n, MAXFNLEN)) == MAXFNLEN)
		return;
	if (!defined)
		for (i = 0; i < NELEM(ssp_syms); i++)
			if (strcmp(n, ssp_syms[i]) == 0 && f->ssp_sym == NULL)
				f->ssp_sym = ssp_syms[i];
	if (strncmp(n, "__", 2) == 0 && len > 6 &&
	    strcmp(n + len - 4, "_chk") == 0) {
		if (fortify_find(n + 2, len - 6) == NULL)
			return;
		if (defined)
			f->static_fortified++;
		else {
			f->fortified++;
			addname(f->fort_names, sizeof(f->fort_names), n);
		}
		return;
	}
	if (defined)
		return;
	if ((fn = fortify_find(n, len)) == NULL)
		return;
	f->unfortified++;
	f->unfortified_always += (fn->kind & FN_ALWAYS) != 0;
	addname(f->unfort_names, sizeof(f->unfort_names), n);
	f->plain_by_kind[fn->kind]++;
	if (fn->kind & FN_VARIADIC)
		addname(f->variadic_names, sizeof(f->variadic_names), n);
	if (fn->kind & FN_BUILTIN)
		addname(f->builtin_names, sizeof(f->builtin_names), n);
}

static int
onsym(const struct elf_sym *s, void *arg)
{
	struct symctx *c = arg;

	if (*s->name == '\0' || (!c->defined) != (s->shndx == SHN_UNDEF_))
		return 0;
	/* A weak reference does not pull a runtime in. */
	if (s->name[0] == '_' && s->shndx != SHN_UNDEF_)
		c->f->san_defined |= san_symbol(s->name);
	else if (s->name[0] == '_' && s->bind != STB_WEAK_)
		c->f->san_imports |= san_symbol(s->name);
	classify(c->f, s->name, c->defined);
	return 0;
}

struct notectx {
	struct elf	*e;
	struct facts	*f;
	int		bad;
};

static int
onnote(const char *name, uint32_t type, const unsigned char *d, uint64_t n,
    void *arg)
{
	struct notectx *c = arg;
	uint64_t pos = 0, align = c->e->is64 ? 8 : 4, sz;
	uint32_t pt;

	if (name == NULL || strcmp(name, "GNU") != 0 ||
	    type != NT_GNU_PROPERTY_TYPE_0_ || c->f->prop_note)
		return 0;
	c->f->prop_note = 1;
	while (pos < n) {
		if (n - pos < 8) {
			c->bad = 1;
			return 1;
		}
		pt = elf_rd32(c->e, d + pos);
		sz = elf_rd32(c->e, d + pos + 4);
		if (sz > n - pos - 8) {
			c->bad = 1;
			return 1;
		}
		if (sz >= 4 && pt == X86_FEATURE_1_AND_)
			c->f->x86_feat = elf_rd32(c->e, d + pos + 8);
		if (sz >= 4 && pt == AARCH64_FEATURE_1_AND_)
			c->f->a64_feat = elf_rd32(c->e, d + pos + 8);
		sz = (sz + align - 1) & ~(align - 1);
		if (sz > n - pos - 8)
			break;	/* last property may lack its padding */
		pos += 8 + sz;
	}
	return 0;
}

/*
 * The notes come from the SHT_NOTE sections when there are any, each read
 * with its own sh_addralign (in a linked file only the allocated ones, the
 * notes the loader sees); without them, from the PT_NOTE segments.
 */
static int
note_facts(struct elf *e, struct facts *f)
{
	struct notectx nc;
	size_t i, nsec = 0;

	nc.e = e;
	nc.f = f;
	nc.bad = 0;
	for (i = 1; i < e->shnum; i++) {
		const struct elf_shdr *s = &e->sh[i];

		if (s->type != SHT_NOTE_ ||
		    (e->type != ET_REL_ && !(s->flags & SHF_ALLOC_)))
			continue;
		nsec++;
		if (elf_notes(e, s->offset, s->size, s->addralign, 0, onnote,
		    &nc) == -1)
			return -1;
	}
	for (i = 0; nsec == 0 && i < e->phnum; i++) {
		const struct elf_phdr *h = &e->ph[i];

		if (h->type == PT_NOTE_ && elf_notes(e, h->offset, h->filesz,
		    h->align, 1, onnote, &nc) == -1)
			return -1;
	}
	if (nc.bad) {
		snprintf(e->err, sizeof(e->err), "malformed GNU property note");
		return -1;
	}
	return 0;
}

/* The next blank-separated word of [*s, end), or NULL. */
static const char *
next_word(const char **s, const char *end, size_t *len)
{
	const char *t;

	while (*s < end && (**s == ' ' || **s == '\t' || **s == '\n'))
		(*s)++;
	for (t = *s; *s < end && **s != ' ' && **s != '\t' && **s != '\n';)
		(*s)++;
	*len = (size_t)(*s - t);
	return *len > 0 ? t : NULL;
}

/*
 * What one recorded command line (blank-separated) says of the catalog
 * features, by the builder patterns of the catalog: for each word the first
 * pattern that matches gives its sense, and the last such word counts.
 * clang records "-D NAME" as two words: they are read as one.  GCC records
 * no preprocessor options (its lines start "GNU "): a feature whose flags
 * are all for the preprocessor is not shown there.
 */
/*
 * The _FORTIFY_SOURCE level a word sets (-D_FORTIFY_SOURCE=N, plain -D:
 * 1, -U: 0; the last in -Wp,-U_FORTIFY_SOURCE,-D_FORTIFY_SOURCE=3), or
 * level unchanged.
 */
static int
fortify_level_of(const char *t, size_t tl, int level)
{
	static const char m[] = "_FORTIFY_SOURCE";
	const size_t ml = sizeof(m) - 1;
	size_t i;

	for (i = 2; i + ml <= tl; i++) {
		if (memcmp(t + i, m, ml) != 0 || t[i - 2] != '-')
			continue;
		if (t[i - 1] == 'U')
			level = 0;
		else if (t[i - 1] != 'D')
			continue;
		else if (i + ml + 1 < tl && t[i + ml] == '=' &&
		    t[i + ml + 1] >= '0' && t[i + ml + 1] <= '9')
			level = t[i + ml + 1] - '0';
		else if (i + ml == tl || t[i + ml] == ',')
			level = 1;
	}
	return level;
}

/*
 * Whether a recorded line optimises (__OPTIMIZE__, which fortify needs):
 * opt is its last -O word (-1: none), and no -O is -O0 for gcc and clang
 * alike.  GCC records every -O.  Unknown for GCC's other languages
 * (Fortran, Ada: no C headers to fortify).  (An LTO unit, "GNU GIMPLE",
 * records the link's options: onunit counts it and reads none.)
 */
static int
optimized_of(const char *s, size_t len, int opt)
{
	if (len >= 4 && strncmp(s, "GNU ", 4) == 0 && !(len > 6 &&
	    strncmp(s, "GNU C", 5) == 0 && (s[5] == '+' ||
	    (s[5] >= '0' && s[5] <= '9'))))
		return -1;
	return opt > 0;
}

static void
read_cmdline(const char *s, size_t len, struct unit *u)
{
	signed char val[CAT_MAX_FEATURES] = { 0 };
	const char *t, *end = s + len, *line = s;
	char joined[256];
	size_t tl, i;
	int full = len < 4 || strncmp(s, "GNU ", 4) != 0, level = -1, opt = -1;
	int stdlib_k = cat_find("stdlib-hardening");

	u->cxxlib = 0;
	memset(u->cxxlib_macro, 0, sizeof(u->cxxlib_macro));
	u->cxxlib_other = 0;

	while ((t = next_word(&s, end, &tl)) != NULL) {
		if (tl == 2 && (t[1] == 'D' || t[1] == 'U') && t[0] == '-') {
			const char *arg = next_word(&s, end, &tl);

			if (arg == NULL || tl + 2 >= sizeof(joined))
				continue;
			memcpy(joined, t, 2);
			memcpy(joined + 2, arg, tl);
			t = joined;
			tl += 2;
		}
		level = fortify_level_of(t, tl, level);
		if (tl >= 2 && t[0] == '-' && t[1] == 'O')
			opt = !(tl == 3 && t[2] == '0');
		if (cxxlib_stdlib_word(t, tl) != 0)
			u->cxxlib = cxxlib_stdlib_word(t, tl);
		for (i = 0; i < cat_nswitches; i++)
			if (cat_match(cat_switches[i].pattern, t, tl)) {
				val[cat_switches[i].feature] =
				    cat_switches[i].on ? 1 : -1;
				if ((int)cat_switches[i].feature == stdlib_k)
					cxxlib_macro_word(u, t, tl,
					    cat_switches[i].on);
				break;
			}
	}
	u->on = u->off = u->shown = 0;
	u->fortify_level = full ? level : -1;
	u->optimized = optimized_of(line, len, opt);
	for (i = 0; i < cat_nfeatures; i++) {
		/* Unoptimised, a feature that needs it is off, -D or not. */
		if (u->optimized == 0 && cat_requires(i, "optimize")) {
			u->off |= (uint64_t)1 << i;
			u->shown |= (uint64_t)1 << i;
			continue;
		}
		if (val[i] != 0)
			*(val[i] == 1 ? &u->on : &u->off) |= (uint64_t)1 << i;
		if ((cat_features[i].where & CAT_CC) ||
		    (full && (cat_features[i].where & CAT_CPP)))
			u->shown |= (uint64_t)1 << i;
	}
}

static void
add_unit(struct facts *f, const struct unit *u)
{
	struct cmdline_stat *c = &f->cmd;
	struct unit *nu;

	if (c->nunits == c->cap) {
		if ((nu = realloc(c->units, (c->cap ? 2 * c->cap : 16) *
		    sizeof(*nu))) == NULL) {
			c->truncated = 1;
			return;
		}
		c->units = nu;
		c->cap = c->cap ? 2 * c->cap : 16;
	}
	c->units[c->nunits++] = *u;
}

void
audit_facts_free(struct facts *f)
{
	free(f->cmd.units);
	f->cmd.units = NULL;
	f->cmd.nunits = f->cmd.cap = 0;
}

/*
 * Toolchain start files are compiled by the C library or compiler vendor
 * with their own flags (musl's crt/Scrt1.c even with -fno-stack-protector):
 * their DWARF units say nothing about the program's flags.
 */
/* Base names; entries with a '/' are path suffixes. */
static const char *const startfiles[] = {
	"crt1.c", "Scrt1.c", "rcrt1.c", "gcrt1.c", "crti.c", "crtn.c",
	"crtstuff.c", "crtbegin.c", "crtend.c", "start.S", "crti.S", "crtn.S",
	"crt1.s", "Scrt1.s", "crti.s", "crtn.s", "abi-note.c", "abi-note.S",
	"static-reloc.c", "csu/init.c",		/* glibc's crt1.o parts */
	/* GCC's lib*san_preinit.o, which -fsanitize=... links in. */
	"libsanitizer/asan/asan_preinit.cpp",
	"libsanitizer/tsan/tsan_preinit.cpp",
	"libsanitizer/lsan/lsan_preinit.cpp",
	"libsanitizer/hwasan/hwasan_preinit.cpp",
};

#define MAXPATHLEN_	4096	/* a longer DW_AT_name is no start file */

static int
is_startfile(const char *name)
{
	const char *base;
	size_t i, nl, sl;

	if ((nl = strnlen(name, MAXPATHLEN_ + 1)) > MAXPATHLEN_)
		return 0;
	base = strrchr(name, '/');
	base = base != NULL ? base + 1 : name;
	for (i = 0; i < NELEM(startfiles); i++) {
		const char *sf = startfiles[i];

		sl = strlen(sf);
		if (strchr(sf, '/') != NULL ? nl >= sl &&
		    strcmp(name + nl - sl, sf) == 0 &&
		    (nl == sl || name[nl - sl - 1] == '/') :
		    strcmp(base, sf) == 0)
			return 1;
	}
	return 0;
}

/*
 * What a producer string says, remembered by its address: units of one
 * program share a few producer strings, and evaluating a long one per unit
 * would make the scan quadratic.
 */
enum { P_ASM, P_LTO, P_UNRECORDED, P_RECORDED };

struct pmemo {
	unsigned	kind;
	int		clang;		/* a clang producer */
	struct unit	facts;		/* of a recorded producer */
};

/* DW_AT_language values of C and of C++ (DWARF 5, 6). */
static int
is_c_lang(unsigned lang)
{
	return lang == 0x01 || lang == 0x02 || lang == 0x0c || lang == 0x1d ||
	    lang == 0x2c;
}

static int
is_cxx_lang(unsigned lang)
{
	return lang == 0x04 || lang == 0x11 || lang == 0x19 || lang == 0x1a ||
	    lang == 0x21 || lang == 0x2a || lang == 0x2b;
}

/* Count a compiled unit by its language (and a C++ one by its compiler). */
static void
count_lang(struct cmdline_stat *c, unsigned lang, int clang)
{
	if (is_cxx_lang(lang)) {
		c->cxx_units++;
		c->clang_cxx_units += clang != 0;
	} else if (is_c_lang(lang))
		c->c_units++;
	else
		c->other_units++;
}

struct unitctx {
	struct facts	*f;
	struct memo	seen;		/* struct pmemo by producer address */
	uint64_t	budget;		/* producer bytes left to read */
	int		over;		/* budget or memory exhausted */
};

static int
onunit(const struct dwarf_unit *du, void *arg)
{
	struct unitctx *u = arg;
	struct facts *f = u->f;
	const char *producer = du->producer, *name = du->name;
	struct pmemo *m, one;
	size_t len;
	int fresh;

	m = &one;
	one.kind = P_UNRECORDED;
	one.clang = 0;
	if (producer != NULL) {
		m = memo_get(&u->seen, (uint64_t)(uintptr_t)producer, &fresh);
		if (m == NULL) {
			u->over = 1;
			return 1;
		}
		if (fresh) {
			/* A long one read once; overlapping ones: budget. */
			len = strnlen(producer, (size_t)u->budget + 1);
			if (len > u->budget) {
				u->over = 1;
				return 1;
			}
			u->budget -= len;
			m->clang = strstr(producer, "clang") != NULL;
			if (strncmp(producer, "GNU AS ", 7) == 0)
				m->kind = P_ASM;	/* no compiler flags */
			else if (strncmp(producer, "GNU GIMPLE ", 11) == 0)
				/*
				 * gcc -flto's <artificial> unit records the
				 * link line; its functions keep the options
				 * of the units they were compiled in.
				 */
				m->kind = P_LTO;
			else if (strstr(producer, " -") == NULL)
				/* e.g. clang without -grecord-command-line */
				m->kind = P_UNRECORDED;
			else {
				m->kind = P_RECORDED;
				read_cmdline(producer, len, &m->facts);
			}
		}
	}
	if (m->kind == P_ASM) {
		f->cmd.asm_units++;
		return 0;
	}
	if (m->kind == P_LTO) {
		f->cmd.lto_units++;
		if (du->code > 0)
			f->cmd.code_recorded += (uint64_t)du->code;
		return 0;
	}
	if (name != NULL && is_startfile(name)) {
		f->cmd.startfiles++;
		return 0;
	}
	count_lang(&f->cmd, du->lang, m->clang);
	if (m->kind == P_UNRECORDED)
		f->cmd.unrecorded++;
	else {
		one = *m;
		one.facts.name = name;
		one.facts.code = du->code;
		one.facts.cxx = is_cxx_lang(du->lang);
		add_unit(f, &one.facts);
		if (du->code < 0)
			f->cmd.code_unknown++;
		else
			f->cmd.code_recorded += (uint64_t)du->code;
	}
	return 0;
}

/* The entries of .GCC.command.line (GCC >= 12 and clang: one a compilation). */
static void
gcc_command_line(struct elf *e, struct facts *f)
{
	const struct elf_shdr *s;
	const unsigned char *p;
	const char *str, *nul;
	struct unit u;
	uint64_t pos;
	size_t n;

	if ((s = elf_section(e, ".GCC.command.line")) == NULL ||
	    s->type == SHT_NOBITS_ || (p = elf_ptr(e, s->offset, s->size)) == NULL)
		return;
	for (pos = 0; pos < s->size; pos += n + 1) {
		str = (const char *)p + pos;
		nul = memchr(str, '\0', (size_t)(s->size - pos));
		n = nul ? (size_t)(nul - str) : (size_t)(s->size - pos);
		if (n > 0) {
			read_cmdline(str, n, &u);
			u.name = NULL;
			u.code = -1;
			u.cxx = 0;	/* the language is not recorded */
			add_unit(f, &u);
		}
	}
}

/* The DW_AT_producer of every DWARF unit. */
static void
dwarf_producers(struct elf *e, struct facts *f)
{
	struct unitctx u;

	memset(&u, 0, sizeof(u));
	u.f = f;
	u.seen.size = sizeof(struct pmemo);
	/* Disjoint producer strings fit in the file. */
	u.budget = 2 * (uint64_t)e->size + (1 << 20);
	if (dwarf_units(e, onunit, &u) == -1 || u.over)
		f->debug_unreadable = 1;
	memo_free(&u.seen);
}

/*
 * The recorded command lines: the DWARF units, which name their source
 * file, else the entries of .GCC.command.line (the same compilations
 * again, or those of a stripped file).
 */
static void
cmdlines(struct elf *e, struct facts *f)
{
	const char *nm;
	size_t i;

	for (i = 1; i < e->shnum; i++)
		if ((e->sh[i].flags & (SHF_ALLOC_ | SHF_EXECINSTR_)) ==
		    (SHF_ALLOC_ | SHF_EXECINSTR_) && e->sh[i].type != SHT_NOBITS_)
			f->cmd.code_total += e->sh[i].size;
	for (i = 1; i < e->shnum; i++)
		if ((nm = elf_secname(e, &e->sh[i])) != NULL &&
		    (strncmp(nm, ".zdebug_", 8) == 0 ||
		    (strncmp(nm, ".debug_", 7) == 0 &&
		    (e->sh[i].flags & SHF_COMPRESSED_))))
			f->debug_compressed = 1;
	/*
	 * In a relocatable object the string offsets of .debug_info are
	 * still relocations (RELA addends), so its DWARF is not read.
	 */
	if (e->type == ET_REL_)
		f->debug_rel = elf_section(e, ".debug_info") != NULL;
	else if (!f->debug_compressed)
		dwarf_producers(e, f);
	if (f->cmd.nunits == 0)
		gcc_command_line(e, f);
}

static const char *
dynstring(struct elf *e, uint64_t stroff, uint64_t strsz, uint64_t off,
    int64_t tag)
{
	const char *s = elf_str(e, stroff, strsz, off);

	if (s == NULL)
		snprintf(e->err, sizeof(e->err), "dynamic tag %lld: string "
		    "offset %llu outside the dynamic string table (size %llu)",
		    (long long)tag, (unsigned long long)off,
		    (unsigned long long)strsz);
	return s;
}

/* Append a DT_NEEDED name to f->needed (names that do not fit are left out). */
static void
add_needed(struct facts *f, const char *s)
{
	size_t have = strlen(f->needed), n = strlen(s);

	if (have + n + 2 > sizeof(f->needed))
		return;
	if (have > 0)
		f->needed[have++] = '\n';
	memcpy(f->needed + have, s, n + 1);
}

static int
dynamic_facts(struct elf *e, struct facts *f)
{
	uint64_t v, stroff = 0, strsz = 0;
	int have_str = 0;
	size_t i;

	if (elf_dynval(e, DT_STRTAB_, &v) && elf_dynval(e, DT_STRSZ_, &strsz)) {
		if (elf_vtooff(e, v, strsz, &stroff) == -1) {
			snprintf(e->err, sizeof(e->err), "DT_STRTAB (size "
			    "%llu) is not inside a loadable segment",
			    (unsigned long long)strsz);
			return -1;
		}
		have_str = 1;
	}
	for (i = 0; i < e->dynnum; i++) {
		const struct elf_dyn *d = &e->dyn[i];
		const char *s;

		switch (d->tag) {
		case DT_NEEDED_:
		case DT_SONAME_:
		case DT_RPATH_:
		case DT_RUNPATH_:
			if (!have_str) {
				snprintf(e->err, sizeof(e->err), "dynamic "
				    "string tag without DT_STRTAB/DT_STRSZ");
				return -1;
			}
			if ((s = dynstring(e, stroff, strsz, d->val,
			    d->tag)) == NULL)
				return -1;
			if (d->tag == DT_NEEDED_ && cxxlib_needed(s) != 0) {
				f->cxx_needed = 1;
				f->cxxlib |= cxxlib_needed(s);
			}
			if (d->tag == DT_NEEDED_) {
				f->san_needed |= san_library(s);
				add_needed(f, s);
			}
			if (d->tag == DT_SONAME_ && f->soname == NULL)
				f->soname = s;
			if (d->tag == DT_RPATH_ || d->tag == DT_RUNPATH_)
				rpath_classify(s, &f->rpath_cls);
			if (d->tag == DT_RPATH_ && f->rpath == NULL)
				f->rpath = s;
			if (d->tag == DT_RUNPATH_ && f->runpath == NULL)
				f->runpath = s;
			break;
		case DT_TEXTREL_:
			f->textrel = 1;
			break;
		case DT_BIND_NOW_:
			f->bind_now = 1;
			break;
		case DT_FLAGS_:
			f->bind_now |= (d->val & DF_BIND_NOW_) != 0;
			f->textrel |= (d->val & DF_TEXTREL_) != 0;
			break;
		case DT_FLAGS_1_:
			f->bind_now |= (d->val & DF_1_NOW_) != 0;
			f->noopen |= (d->val & DF_1_NOOPEN_) != 0;
			break;
		case DT_AARCH64_BTI_PLT_:
			f->bti_plt = 1;
			break;
		case DT_AARCH64_PAC_PLT_:
			f->pac_plt = 1;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* The program headers (or, without them, the .note.GNU-stack section). */
static void
segment_facts(const struct elf *e, struct facts *f)
{
	size_t i;

	for (i = 0; i < e->phnum; i++) {
		const struct elf_phdr *h = &e->ph[i];

		if (h->type == PT_INTERP_)
			f->has_interp = 1;
		else if (h->type == PT_GNU_RELRO_)
			f->relro = 1;
		else if (h->type == PT_GNU_STACK_) {
			f->gnu_stack = 1;
			f->stack_exec = (h->flags & PF_X_) != 0;
		} else if (h->type == PT_LOAD_ &&
		    (h->flags & (PF_W_ | PF_X_)) == (PF_W_ | PF_X_))
			f->rwx_load = 1;
	}
	if (e->phnum == 0)
		for (i = 1; i < e->shnum; i++) {
			const struct elf_shdr *s = &e->sh[i];
			const char *nm;

			if ((nm = elf_secname(e, s)) != NULL &&
			    strcmp(nm, ".note.GNU-stack") == 0) {
				f->gnu_stack = 1;
				f->stack_exec = (s->flags & SHF_EXECINSTR_) != 0;
			}
		}
}

/* Whether a section holds bytes of the file that the program loads. */
static int
loaded_data(const struct elf_shdr *s)
{
	return (s->flags & SHF_ALLOC_) && s->type != SHT_NOBITS_ &&
	    s->size > 0;
}

/* Whether [a, a+alen) and [b, b+blen) meet (no sum can wrap). */
static int
overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b ? b - a < alen : a - b < blen;
}

/*
 * W^X of the layout (ld -z separate-code): whether an executable PT_LOAD
 * also maps the ELF headers or a section of read-only data, which then
 * are executable too (gadgets).  Seen in the file ranges, as the loader
 * maps them.
 */
static void
layout_facts(const struct elf *e, struct facts *f)
{
	const struct elf_phdr *h;
	const struct elf_shdr *s;
	const char *nm;
	size_t i, j;

	for (i = 0; i < e->phnum; i++) {
		h = &e->ph[i];
		if (h->type != PT_LOAD_ || !(h->flags & PF_X_) ||
		    h->filesz == 0)
			continue;
		f->code_segments++;
		if (h->offset == 0 && !f->code_shared) {
			f->code_shared = 1;
			snprintf(f->code_shared_with,
			    sizeof(f->code_shared_with), "the ELF headers");
		}
		for (j = 1; j < e->shnum && !f->code_shared; j++) {
			s = &e->sh[j];
			if (!loaded_data(s) || (s->flags & SHF_EXECINSTR_) ||
			    !overlap(s->offset, s->size, h->offset, h->filesz))
				continue;
			f->code_shared = 1;
			nm = elf_secname(e, s);
			snprintf(f->code_shared_with,
			    sizeof(f->code_shared_with), "%.40s",
			    nm != NULL && *nm != '\0' ? nm : "a data section");
		}
	}
}

/* The kind of file: object, exec, static, pie, static-pie, shared. */
static int
kind_of(struct elf *e, struct facts *f)
{
	uint64_t flags1 = 0;

	switch (e->type) {
	case ET_REL_:
		f->kind = "object";
		return 0;
	case ET_EXEC_:
		f->kind = f->has_interp || f->has_dynamic ? "exec" : "static";
		return 0;
	case ET_DYN_:
		elf_dynval(e, DT_FLAGS_1_, &flags1);
		if (flags1 & DF_1_PIE_)
			f->kind = f->has_interp ? "pie" : "static-pie";
		else if (f->has_interp && !elf_dynval(e, DT_SONAME_, NULL))
			f->kind = "pie";	/* linkers before DF_1_PIE */
		else
			f->kind = "shared";
		return 0;
	default:
		snprintf(e->err, sizeof(e->err), "unsupported ELF type %u "
		    "(not an executable, shared object or relocatable object)",
		    e->type);
		return -1;
	}
}

/* Imports: .dynsym (survives strip); objects: undefined .symtab. */
static int
symbol_facts(struct elf *e, struct facts *f)
{
	struct symctx sc;
	int found;

	sc.f = f;
	sc.defined = 0;
	if (elf_symbols(e, e->type == ET_REL_, &found, onsym, &sc) == -1)
		return -1;
	if (e->type == ET_REL_) {
		f->symtab = found;
		return 0;
	}
	f->dynsym = found;
	sc.defined = 1;
	return elf_symbols(e, 1, &f->symtab, onsym, &sc);
}

/* Whether .comment (a NUL-separated list of compiler versions) names clang. */
static int
comment_names_clang(struct elf *e)
{
	static const char clang[] = "clang version";
	const struct elf_shdr *s = elf_section(e, ".comment");
	const unsigned char *p;
	uint64_t i;

	if (s == NULL || s->type == SHT_NOBITS_ ||
	    (p = elf_ptr(e, s->offset, s->size)) == NULL)
		return 0;
	for (i = 0; i + sizeof(clang) - 1 <= s->size; i++)
		if (memcmp(p + i, clang, sizeof(clang) - 1) == 0)
			return 1;
	return 0;
}

int
audit_facts(struct elf *e, struct facts *f)
{
	memset(f, 0, sizeof(*f));
	f->format = FMT_ELF;
	snprintf(f->cls, sizeof(f->cls), "ELF%d", e->is64 ? 64 : 32);
	f->big = e->big;
	f->machine = e->machine;
	f->is_x86 = e->machine == EM_X86_64_ || e->machine == EM_386_;
	f->is_aarch64 = e->machine == EM_AARCH64_;
	f->has_dynamic = e->dyn != NULL;
	f->has_sections = e->shnum > 1;
	segment_facts(e, f);
	layout_facts(e, f);
	if (note_facts(e, f) == -1 ||
	    (f->has_dynamic && dynamic_facts(e, f) == -1) ||
	    kind_of(e, f) == -1 || symbol_facts(e, f) == -1)
		return -1;
	cmdlines(e, f);
	cxxlib_units(f);
	f->comment_clang = comment_names_clang(e);
	return 0;
}

/* ---- PE facts ------------------------------------------------------ */

/*
 * An import.  mingw-w64 takes the canary and fortify functions from
 * libssp-0.dll; its headers' inline checks call __chk_fail, which nothing
 * but fortified code calls.
 */
static int
onimport(const char *dll, const char *name, void *arg)
{
	struct facts *f = arg;

	classify(f, name, 0);
	if (f->ssp_sym != NULL && f->ssp_dll == NULL)
		f->ssp_dll = dll;
	if (strcmp(name, "__chk_fail") == 0) {
		f->fortified++;
		addname(f->fort_names, sizeof(f->fort_names), name);
	}
	return 0;
}

/*
 * A defined COFF symbol: what a static libssp.a left.  Its ssp.o defines
 * __stack_chk_fail and __chk_fail together, so a fortified call alone
 * pulls both in; only the .refptr stub GCC and clang emit next to the
 * canary code that loads __stack_chk_guard is evidence of a canary.  Each
 * __X_chk is a member of its own, linked only when a call needs it.
 */
static int
oncoffsym(const char *name, void *arg)
{
	struct facts *f = arg;

	if (strcmp(name, ".refptr.__stack_chk_guard") == 0)
		f->pe_ssp_refptr = 1;
	else if (strcmp(name, "__stack_chk_fail") == 0)
		f->pe_ssp_lib = 1;
	else
		classify(f, name, 1);
	return 0;
}

int
audit_pe_facts(struct pe *p, struct facts *f)
{
	const struct pe_dir *rel = &p->dir[PE_DIR_BASERELOC];
	uint64_t off;
	size_t i;
	int found;

	memset(f, 0, sizeof(*f));
	f->format = FMT_PE;
	snprintf(f->cls, sizeof(f->cls), "%s", p->is64 ? "PE32+" : "PE32");
	f->machine = p->machine;
	f->is_x86 = p->machine == PE_MACHINE_I386 ||
	    p->machine == PE_MACHINE_AMD64;
	f->is_aarch64 = p->machine == PE_MACHINE_ARM64;
	f->kind = p->characteristics & PE_FILE_DLL ? "pe-dll" : "pe-exe";
	f->pe_plus = p->is64;
	f->pe_dllchar = p->dllchar;
	f->pe_chars = p->characteristics;
	if (rel->rva != 0 && rel->size != 0) {
		/* The loader would refuse relocations it cannot read. */
		if (pe_rvatooff(p, rel->rva, rel->size, &off) == -1) {
			snprintf(p->err, sizeof(p->err), "base relocation "
			    "directory (%u bytes at RVA 0x%x) is outside the "
			    "file's sections", rel->size, rel->rva);
			return -1;
		}
		f->pe_relocs = 1;
	}
	for (i = 0; i < p->nsec; i++)
		if ((p->sec[i].flags & (PE_SCN_MEM_WRITE | PE_SCN_MEM_EXECUTE)) ==
		    (PE_SCN_MEM_WRITE | PE_SCN_MEM_EXECUTE))
			f->rwx_load = 1;
	if (pe_config(p, &f->pe_cfg) == -1 ||
	    pe_imports(p, &found, onimport, f) == -1)
		return -1;
	f->pe_imports = found;
	if (pe_symbols(p, &found, oncoffsym, f) == -1)
		return -1;
	f->pe_coffsyms = found;
	return 0;
}
