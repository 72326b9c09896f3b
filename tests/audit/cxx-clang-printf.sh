#!/bin/sh
# cxx-clang-printf.sh - glibc 2.36 gives clang the printf-family fortify
# wrappers as C macros only, so a correct clang++ -D_FORTIFY_SOURCE=2 build
# imports plain printf and snprintf (readelf: no __*_chk) where g++'s
# imports __printf_chk.  harden-audit does not count them against it:
# --expect fortify-source passes, with the reason in -v, with DWARF and
# stripped.  The excuse is the language's and the compiler's only: the same
# calls from clang's C, and a vprintf (fortified by clang++ too) from an
# unfortified clang++ build, are still "no".
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need g++ clang clang++ readelf strip
cd "$T" || exit 99
cat >hello.cc <<'EOS'
#include <cstdio>
int main(int argc, char **argv) { char buf[16]; std::snprintf(buf, sizeof buf, "%s", argv[0]); std::printf("%s %d\n", buf, argc); return 0; }
EOS
sed 's/<cstdio>/<stdio.h>/; s/std:://g' hello.cc >hello.c
cat >vhello.cc <<'EOS'
#include <cstdarg>
#include <cstdio>
static void say(const char *fmt, ...) { va_list ap; va_start(ap, fmt); std::vprintf(fmt, ap); va_end(ap); }
int main(int argc, char **) { say("%d\n", argc); return 0; }
EOS
fort="-O2 -D_FORTIFY_SOURCE=2"
clang++ -g $fort -o hello-clangxx hello.cc && cp hello-clangxx hello-clangxx-stripped &&
	strip hello-clangxx-stripped && g++ $fort -o hello-gxx hello.cc &&
	clang -O2 -o hello-clang hello.c &&
	clang++ -O2 -o vhello-clangxx vhello.cc && clang++ $fort -o vhello-clangxx-fort vhello.cc ||
	fail "cannot build the programs"

# Independently: clang++ leaves printf plain, g++ does not.
elf_has_sym hello-clangxx printf && ! elf_has_chk hello-clangxx ||
	fail "clang++ -D_FORTIFY_SOURCE=2 imports a __*_chk or no printf: this glibc fortifies clang++'s printf now"
elf_has_sym hello-gxx __printf_chk || fail "g++ -D_FORTIFY_SOURCE=2 imports no __printf_chk"
elf_has_chk vhello-clangxx-fort || fail "clang++ does not fortify vprintf"

for f in hello-clangxx hello-clangxx-stripped; do
	check_expect 0 fortify-source "$f"
	"$AUDIT" -v "$f" | grep -q '^    fortify-source  *n/a .*not expected: .*printf.* (printf-family not fortifiable by clang++ with this glibc: C macros only)' ||
		fail "$f: no reason: $("$AUDIT" -v "$f" | grep '^    fortify-source')"
done
check_expect 0 fortify-source hello-gxx
# Not excused: C code, and a call clang++ does fortify.
check_expect 1 fortify-source hello-clang
said "fortify-source not proven: no"
check_expect 1 fortify-source vhello-clangxx
said "fortify-source not proven: no"
check_expect 0 fortify-source vhello-clangxx-fort
echo "cxx-clang-printf: ok"
