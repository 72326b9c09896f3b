/*
 * The probe program: one translation unit that exercises every feature of
 * features.txt, so that one compile-and-link shows all of them at once.
 * It is never run.  It must stay free of warnings under the usual -W flags
 * (-Wall -Wextra -Wpedantic -Wconversion -Wmissing-prototypes -Wformat=2
 * -Wshadow -Wvla ...), because any warning fails a probe.  It is C++ too
 * (harden-flags --lang=c++ compiles a copy named probe.cc): the functions
 * keep C names, which the assembly proof looks for.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The C++ standard library's code, only in the compiles that probe a C++
 * feature (the driver defines harden_probe_cxx_library): even <array>, the
 * cheapest checked container, costs 30 ms with g++ and 390 ms with libc++.
 * Its non-const operator[]: libstdc++ checks the const one only from C++14.
 * C++98 has no <array>: a vector there, checked in every standard.
 */
#if defined(__cplusplus) && defined(harden_probe_cxx_library)
#if __cplusplus >= 201103L
#include <array>
typedef std::array<int, 8> harden_probe_container;
#define harden_probe_container_init {}
#else
#include <vector>
typedef std::vector<int> harden_probe_container;
#define harden_probe_container_init (8)
#endif
#define harden_probe_stdlib 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__has_builtin)
#define harden_probe_has_builtin(x) __has_builtin(x)
#else
#define harden_probe_has_builtin(x) 0
#endif

struct harden_tail {
	int n;
	char tail[1];
};

void harden_probe_use(void *);
char *harden_probe_fortify_dynamic(const char *, size_t);
size_t harden_probe_fortify_fixed(const char *);
void harden_probe_stack_protector(void);
void harden_probe_stack_clash_protection(size_t);
int harden_probe_cf_protection(int);
void harden_probe_branch_protection(void);
void harden_probe_format_security(const char *);
void harden_probe_auto_var_init(void);
size_t harden_probe_strict_flex_arrays(const struct harden_tail *);
int harden_probe_zero_call_used_regs(int, int);
int harden_probe_wrapv(int);
int harden_probe_no_delete_null_pointer_checks(const int *);
int harden_probe_no_strict_aliasing(int *, float *);
int harden_probe_trap_bounds(int);
void harden_probe_exceptions(void *);
#ifdef harden_probe_stdlib
int harden_probe_stdlib_hardening(harden_probe_container *, size_t);
#endif

/* Kept out of reach of the optimiser, so callers cannot be folded away. */
void (*volatile harden_probe_sink)(void *);

void
harden_probe_use(void *p)
{
	if (harden_probe_sink != NULL)
		harden_probe_sink(p);
}

/* stack-protector: a char array whose address escapes needs a canary. */
void
harden_probe_stack_protector(void)
{
	char buf[64];

	harden_probe_use(buf);
}

/*
 * fortify-source=2: strcpy of unknown length into a fixed array.  The
 * fprintf shows whether glibc routes format calls to __fprintf_chk for
 * this compiler and language (the audit row's sym:).
 */
size_t
harden_probe_fortify_fixed(const char *src)
{
	char buf[16];

	strcpy(buf, src);
	harden_probe_use(buf);
	fprintf(stderr, "%s %d\n", buf, (int)sizeof(buf));
	return strlen(buf);
}

/* fortify-source=3: only level 3 checks a copy into a buffer of run-time size. */
char *
harden_probe_fortify_dynamic(const char *src, size_t size)
{
	char *p = (char *)malloc(size);

	if (p != NULL)
		memcpy(p, src, strlen(src));
	return p;
}

/* stack-clash-protection: a run-time sized allocation must be probed. */
void
harden_probe_stack_clash_protection(size_t size)
{
#if harden_probe_has_builtin(__builtin_alloca)
	harden_probe_use(__builtin_alloca(size));
#else
	void *p = malloc(size);

	harden_probe_use(p);
	free(p);
#endif
}

/* cf-protection: every function gets an endbr landing pad. */
int
harden_probe_cf_protection(int x)
{
	return x * 3;
}

/* branch-protection: a non-leaf function signs its return address. */
void
harden_probe_branch_protection(void)
{
	harden_probe_use(NULL);
}

/*
 * format-security: the misuse variant must fail to compile.  The call goes
 * to a printf-like function of our own: clang's fortified printf hides the
 * format from the check, but every other function with the format
 * attribute (syslog, err, the program's own) is still checked.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
#endif
void harden_probe_printf(const char *, ...);
#ifdef harden_probe_format_misuse
void
harden_probe_format_security(const char *s)
{
	harden_probe_printf(s);
}
#else
void
harden_probe_format_security(const char *s)
{
	printf("%s", s);
}
#endif

/* auto-var-init: the array is handed out uninitialised. */
void
harden_probe_auto_var_init(void)
{
	int v[8];

	harden_probe_use(v);
}

/* strict-flex-arrays: with level 3, tail[1] has a known size of 1. */
size_t
harden_probe_strict_flex_arrays(const struct harden_tail *t)
{
#if harden_probe_has_builtin(__builtin_object_size)
	return __builtin_object_size(t->tail, 1);
#else
	return sizeof(t->tail);
#endif
}

/* zero-call-used-regs: used registers are cleared before returning. */
int
harden_probe_zero_call_used_regs(int a, int b)
{
	return a * b + 7;
}

/* wrapv: x + 1 > x may no longer be folded to 1. */
int
harden_probe_wrapv(int x)
{
	return x + 1 > x;
}

/* no-delete-null-pointer-checks: the check after *p must stay. */
int
harden_probe_no_delete_null_pointer_checks(const int *p)
{
	int v = *p;

	if (p == NULL)
		return -1;
	return v;
}

/* no-strict-aliasing: *i must be reloaded after the store through f. */
int
harden_probe_no_strict_aliasing(int *i, float *f)
{
	*i = 1;
	*f = 2.0f;
	return *i;
}

/* trap-bounds: an index into a fixed-size array is checked. */
int
harden_probe_trap_bounds(int i)
{
	static const int table[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };

	return table[i];
}

/*
 * -fexceptions: a cleanup must run when an exception or a thread's
 * cancellation unwinds through the frame, so the function gets a landing
 * pad and an entry in the exception tables.
 */
static void
harden_probe_release(void **p)
{
	harden_probe_use(*p);
}

void
harden_probe_exceptions(void *p)
{
	void *held __attribute__((cleanup(harden_probe_release))) = p;

	harden_probe_use(held);
}

#ifdef harden_probe_stdlib
/* stdlib-hardening: the standard library checks the index of operator[]. */
int
harden_probe_stdlib_hardening(harden_probe_container *a, size_t i)
{
	return (*a)[i];
}
#endif

#ifdef __cplusplus
}
#endif

int
main(int argc, char **argv)
{
	char *p;
	size_t n;

	if (argc < 3)
		return 0;
#ifdef harden_probe_stdlib
	{
		harden_probe_container a harden_probe_container_init;

		harden_probe_use(&a);
		if (harden_probe_stdlib_hardening(&a, strlen(argv[1])) != 0)
			return 1;
	}
#endif
	n = strtoul(argv[1], NULL, 10);
	p = harden_probe_fortify_dynamic(argv[2], n);
	harden_probe_use(p);
	free(p);
	harden_probe_stack_protector();
	harden_probe_stack_clash_protection(n);
	harden_probe_format_security(argv[2]);
	return (int)harden_probe_fortify_fixed(argv[2]);
}
