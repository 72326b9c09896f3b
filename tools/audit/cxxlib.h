/*
 * cxxlib.h - which C++ standard library a unit was built against, so that
 * a hardening macro counts only for its own library: -D_GLIBCXX_ASSERTIONS
 * does nothing to libc++, -D_LIBCPP_HARDENING_MODE nothing to libstdc++.
 */
#ifndef HARDEN_CXXLIB_H
#define HARDEN_CXXLIB_H

#include <stddef.h>

/* Libraries, as bits of a mask (and indexes of unit.cxxlib_macro). */
#define CXXLIB_GNU	1	/* libstdc++ */
#define CXXLIB_LLVM	2	/* libc++ */

struct facts;
struct unit;

/* The library a -stdlib= word of a recorded line names, else 0. */
unsigned	cxxlib_stdlib_word(const char *word, size_t len);
/*
 * Note in u that word, a builder pattern's match for stdlib-hardening,
 * turns its library's macro on or off (-fhardened: libstdc++'s).
 */
void	cxxlib_macro_word(struct unit *u, const char *word, size_t len, int on);
/* The library a DT_NEEDED name is, else 0. */
unsigned	cxxlib_needed(const char *needed);
/* The library a mangled name is of (std::__1, std::__cxx11), else 0. */
unsigned	cxxlib_symbol(const char *name);
/*
 * Turn each recorded unit's stdlib-hardening bits into those of its own
 * library's macro: its recorded -stdlib=, else the file's one library.
 */
void	cxxlib_units(struct facts *f);

#endif
