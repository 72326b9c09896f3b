/*
 * What the user's compiler and flags say about themselves, read by
 * preprocessing this file ($CC $CPPFLAGS $CFLAGS -E) and keeping the lines
 * that start with "harden_trait".  Feature REQUIRES in features.txt are
 * decided on these lines alone.
 */
#if defined(__OPTIMIZE__)
harden_trait optimize
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
harden_trait sanitizer
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer) || __has_feature(hwaddress_sanitizer)
harden_trait sanitizer
#endif
#endif

#if defined(__x86_64__) || defined(__i386__)
harden_trait arch=x86
#elif defined(__aarch64__)
harden_trait arch=aarch64
#else
harden_trait arch=other
#endif

/*
 * The object format decides which linker features exist at all.  tcc
 * writes ELF without defining __ELF__, hence the operating systems.
 */
#if defined(_WIN32) || defined(__CYGWIN__)
harden_trait format=pe
#elif defined(__APPLE__)
harden_trait format=macho
#elif defined(__ELF__) || defined(__linux__) || defined(__unix__)
harden_trait format=elf
#else
harden_trait format=other
#endif

#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
harden_trait ptr=64
#else
harden_trait ptr=32
#endif


#if defined(_FORTIFY_SOURCE)
harden_trait predefined-fortify
#endif

/*
 * The C library, known by its own macro once a header of it is in: glibc
 * keeps libm a library of its own (musl's is in libc.so), which the
 * as-needed proof needs.
 */
#include <limits.h>
#if defined(__GLIBC__)
harden_trait libc=glibc
#else
harden_trait libc=other
#endif

/*
 * The language, and in C++ the standard library, known by its own macros
 * once a header of it is in (never by the compiler's name: clang++ uses
 * libstdc++ unless told -stdlib=libc++).
 */
#if defined(__cplusplus)
harden_trait lang=c++
#include <cstddef>
#if defined(_LIBCPP_VERSION)
harden_trait stdlib=libc++
#elif defined(__GLIBCXX__)
harden_trait stdlib=libstdc++
#else
harden_trait stdlib=other
#endif
#else
harden_trait lang=c
#endif
