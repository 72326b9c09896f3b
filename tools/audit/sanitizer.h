/*
 * sanitizer.h - sanitizer runtimes a binary carries: a shipped program
 * with one is a finding (its runtime trusts the environment: ASAN_OPTIONS
 * and friends can write files), so harden-audit reports them as a fact.
 */
#ifndef HARDEN_SANITIZER_H
#define HARDEN_SANITIZER_H

#include <stddef.h>

/* Runtimes, as bits of a mask. */
#define SAN_ASAN	1
#define SAN_UBSAN	2
#define SAN_TSAN	4
#define SAN_MSAN	8
#define SAN_HWASAN	16
#define SAN_LSAN	32

/* The runtime a DT_NEEDED library is (libasan.so.8, libclang_rt.asan...). */
unsigned	san_library(const char *needed);
/*
 * The runtime a symbol belongs to: an instrumented call (__asan_init,
 * __ubsan_handle_*, __tsan_init, ...) imported, or the runtime linked in.
 */
unsigned	san_symbol(const char *name);
/* The names of the runtimes in mask, comma-separated, into buf. */
void	san_names(unsigned mask, char *buf, size_t sz);

#endif
