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


#if defined(_FORTIFY_SOURCE)
harden_trait predefined-fortify
#endif
