/*
 * cxxlib.c - a C++ unit's standard library and its own hardening macro:
 * see cxxlib.h.  The catalog's builder patterns say that a word turns
 * stdlib-hardening on or off; which library's macro it is, and which
 * library the unit used, is told here.  clang records -stdlib= on the
 * unit's line; otherwise the file says it, when it shows one library
 * only: DT_NEEDED libstdc++.so.6 or libc++.so.1, or the inline namespaces
 * of the mangled names (std::__1 is libc++'s, std::__cxx11 libstdc++'s).
 */
#include <string.h>

#include "audit.h"
#include "cxxlib.h"

unsigned
cxxlib_stdlib_word(const char *w, size_t len)
{
	if (len == 14 && memcmp(w, "-stdlib=libc++", 14) == 0)
		return CXXLIB_LLVM;
	if (len == 17 && memcmp(w, "-stdlib=libstdc++", 17) == 0)
		return CXXLIB_GNU;
	return 0;
}

/* Whether the len bytes at w contain s. */
static int
has(const char *w, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(w + i, s, n) == 0)
			return 1;
	return 0;
}

void
cxxlib_macro_word(struct unit *u, const char *w, size_t len, int on)
{
	unsigned lib = has(w, len, "_LIBCPP_") ? CXXLIB_LLVM : CXXLIB_GNU;

	u->cxxlib_macro[lib] = on ? 1 : -1;
}

unsigned
cxxlib_needed(const char *needed)
{
	if (strncmp(needed, "libstdc++.so", 12) == 0)
		return CXXLIB_GNU;
	if (strncmp(needed, "libc++.so", 9) == 0)
		return CXXLIB_LLVM;
	return 0;
}

unsigned
cxxlib_symbol(const char *name)
{
	if (strncmp(name, "_Z", 2) != 0)
		return 0;
	if (strstr(name, "St3__1") != NULL)
		return CXXLIB_LLVM;
	if (strstr(name, "St7__cxx11") != NULL)
		return CXXLIB_GNU;
	return 0;
}

/*
 * A unit whose library is unknown shows nothing (either macro may be the
 * wrong one); one whose library's macro is unset but the other's is on is
 * marked, for the reason.
 */
void
cxxlib_units(struct facts *f)
{
	int k = cat_find("stdlib-hardening");
	uint64_t bit;
	unsigned lib, file = f->cxxlib;
	struct unit *u;
	size_t i;

	if (k < 0)
		return;
	bit = (uint64_t)1 << k;
	if (file != CXXLIB_GNU && file != CXXLIB_LLVM)
		file = 0;	/* none, or both */
	for (i = 0; i < f->cmd.nunits; i++) {
		u = &f->cmd.units[i];
		if (!(u->shown & bit) || !u->cxx)
			continue;
		lib = u->cxxlib ? u->cxxlib : file;
		if (lib == 0) {
			if ((u->on | u->off) & bit) {
				u->shown &= ~bit;
				f->cmd.cxxlib_unknown++;
			}
			continue;
		}
		u->on &= ~bit;
		u->off &= ~bit;
		if (u->cxxlib_macro[lib] != 0)
			*(u->cxxlib_macro[lib] > 0 ? &u->on : &u->off) |= bit;
		u->cxxlib_other = u->cxxlib_macro[lib] == 0 &&
		    u->cxxlib_macro[CXXLIB_GNU + CXXLIB_LLVM - lib] > 0;
	}
}
