# The fortify level is the one the probe proves, not the one asked for:
# a compiler that predefines _FORTIFY_SOURCE=2 (as Ubuntu's gcc does) is
# upgraded to 3 without a redefinition warning even under -Werror; a
# -D_FORTIFY_SOURCE=2 the builder gives (in CC or CPPFLAGS) is the
# builder's choice and stays; gcc 11 (glibc gives it level 2 only) gets 2;
# musl, which has no fortify, gets nothing.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc gcc-11 musl-gcc
printf '#!/bin/sh\nexec gcc -D_FORTIFY_SOURCE=2 "$@"\n' >fortcc && chmod +x fortcc
# tests/autoconf/small, and tally built with its flags and -Werror.
autotools_small a CC="$T/fortcc" CFLAGS="-O2 -Werror" ||
	fail "configure failed: $(tail -n 3 a/configure.out)"
echo " $(subst a HARDEN_ENABLED) " | grep -q ' fortify-source=3 ' || fail "predefined =2 not upgraded to 3"
autotools_small_tally a
subst a HARDEN_CPPFLAGS | grep -q -- '-D_FORTIFY_SOURCE=3' || fail "no -D_FORTIFY_SOURCE=3 in HARDEN_CPPFLAGS"
elf_has_chk a/tally || fail "tally has no fortified call"
# The other cases only read what configure decided.
autotools_small d CC="gcc -D_FORTIFY_SOURCE=2" CFLAGS="-O2 -Werror" ||
	fail "configure with CC=gcc -D_FORTIFY_SOURCE=2 failed: $(tail -n 3 d/configure.out)"
grep -q '^  fortify-source  *builder  *set by the builder (-D_FORTIFY_SOURCE=2); present$' d/configure.out ||
	fail "the builder's -D_FORTIFY_SOURCE=2 was not left to the builder: $(grep '^  fortify-source' d/configure.out)"
[ -z "$(subst d HARDEN_CPPFLAGS)" ] || fail "harden added fortify flags: $(subst d HARDEN_CPPFLAGS)"
echo " $(subst d HARDEN_ENABLED) " | grep -q ' fortify-source=2 ' || fail "builder's level 2 not in HARDEN_ENABLED"
autotools_small b CC=gcc-11 || fail "gcc-11: configure failed"
echo " $(subst b HARDEN_ENABLED) " | grep -q ' fortify-source=2 ' || fail "gcc-11 did not get level 2: $(subst b HARDEN_ENABLED)"
grep -q '_FORTIFY_SOURCE > 2 is treated like 2' b/config.log || fail "gcc-11: level 3 was not even tried"
autotools_small c CC=musl-gcc || fail "musl: configure failed"
grep -q '^  fortify-source  *unsupported  *no __strcpy_chk in the probe' c/configure.out ||
	fail "musl: fortify not reported unsupported"
echo ok
