/*
 * sanitizer.c - recognise sanitizer runtimes by library and symbol name:
 * see sanitizer.h.  The names are those of GCC's libsanitizer and of
 * LLVM's compiler-rt, which share them: the module constructor of
 * instrumented code calls __asan_init (__tsan_init, __msan_init,
 * __hwasan_init), and every UBSan check calls an __ubsan_handle_* function
 * (*_minimal with the minimal runtime).
 */
#include <stdio.h>
#include <string.h>

#include "sanitizer.h"

static const struct {
	const char	*name;
	unsigned	bit;
} runtimes[] = {
	{ "asan", SAN_ASAN }, { "ubsan", SAN_UBSAN }, { "tsan", SAN_TSAN },
	{ "msan", SAN_MSAN }, { "hwasan", SAN_HWASAN }, { "lsan", SAN_LSAN },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* "NAME" followed by end, '.', '-' or '_' at s: the runtime's own name. */
static unsigned
runtime_at(const char *s)
{
	size_t i, n;

	for (i = 0; i < NELEM(runtimes); i++) {
		n = strlen(runtimes[i].name);
		if (strncmp(s, runtimes[i].name, n) == 0 && (s[n] == '\0' ||
		    s[n] == '.' || s[n] == '-' || s[n] == '_'))
			return runtimes[i].bit;
	}
	return 0;
}

unsigned
san_library(const char *needed)
{
	if (strncmp(needed, "libclang_rt.", 12) == 0)
		return runtime_at(needed + 12);
	if (strncmp(needed, "lib", 3) == 0 && strstr(needed, ".so") != NULL)
		return runtime_at(needed + 3);
	return 0;
}

unsigned
san_symbol(const char *name)
{
	static const struct {
		const char	*prefix;
		unsigned	bit;
	} syms[] = {
		{ "__asan_init", SAN_ASAN }, { "__ubsan_handle_", SAN_UBSAN },
		{ "__tsan_init", SAN_TSAN }, { "__msan_init", SAN_MSAN },
		{ "__hwasan_init", SAN_HWASAN },
	};
	size_t i;

	if (name[0] != '_' || name[1] != '_')
		return 0;
	for (i = 0; i < NELEM(syms); i++)
		if (strncmp(name, syms[i].prefix, strlen(syms[i].prefix)) == 0)
			return syms[i].bit;
	return 0;
}

void
san_names(unsigned mask, char *buf, size_t sz)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < NELEM(runtimes) && n < sz; i++)
		if (mask & runtimes[i].bit)
			n += (size_t)snprintf(buf + n, sz - n, "%s%s",
			    n ? ", " : "", runtimes[i].name);
}
