#!/bin/sh
# A distribution's build flags exported, as a package build does
# (dpkg-buildflags with hardening=+all: -fstack-protector-strong
# -Wformat -Werror=format-security in CFLAGS, -D_FORTIFY_SOURCE=2 in
# CPPFLAGS, -Wl,-z,relro -Wl,-z,now in LDFLAGS), examples/cmake with gcc:
# * CMake ignores CPPFLAGS, so the module appends them to the CMAKE_C_FLAGS
#   cache entry at the first configure: each word once, also after a
#   reconfigure and when CFLAGS already has them (as debhelper passes them);
# * the builder decides the features it names: stack-protector (strong),
#   fortify-source (2, not harden's 3), relro, bind-now and format-security
#   are "builder ... present", harden adds no flag for them, and the probe
#   costs the usual compiler runs ($standard_runs);
# * no compile or link line has one of these flags twice;
# * the binaries keep the distribution's fortify level 2: a plain strcpy
#   into a malloc'ed buffer stays unchecked (level 3 would check it) while
#   one into a fixed array is __strcpy_chk.
# The example's C++ programs are built too (dpkg-buildflags sets CXXFLAGS
# as well): the C++ probe leaves the features they set to the builder,
# CPPFLAGS joins CMAKE_CXX_FLAGS once, no flag is twice on a g++ line, the
# distribution's fortify level 2 stays, and words keeps its hardening
# (distro_cxx_check).
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc g++ dpkg-buildflags ninja readelf

eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)" || fail "dpkg-buildflags failed"
case " $CPPFLAGS " in *" -D_FORTIFY_SOURCE=2 "*) ;; *) fail "dpkg-buildflags gave no -D_FORTIFY_SOURCE=2: $CPPFLAGS" ;; esac
flags="-fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security"

# once_each TEXT: fails unless every word of CPPFLAGS is in TEXT exactly once.
once_each() {
	for w in $CPPFLAGS; do
		n=$(printf '%s\n' "$1" | tr ' ' '\n' | grep -cxF -- "$w")
		[ "$n" -eq 1 ] || fail "$w is $n times in CMAKE_C_FLAGS: $1"
	done
}

b=$T/build
CC=gcc CXX=g++ cmake_configure "$b" "$EXAMPLE" -G Ninja -DTALLY_CXX=ON -DBUILD_TESTING=OFF
once_each "$(sed -n 's/^CMAKE_C_FLAGS:STRING=//p' "$b/CMakeCache.txt")"
r=$b/harden-report.txt
for f in stack-protector:strong fortify-source:2 relro:yes bind-now:yes format-security:yes; do
	report_expect "$r" "${f%:*}" "builder ${f#*:}"
	report_reason "$r" "${f%:*}" | grep -q '^set by the builder (.*); present$' ||
		fail "${f%:*}: $(report_reason "$r" "${f%:*}")"
done
report_expect "$r" pie "on yes"
[ "$(report_key "$r" runs)" = "$standard_runs" ] || fail "runs=$(report_key "$r" runs), want $standard_runs"
for k in cppflags cflags ldflags; do
	for f in $flags; do
		case " $(report_key "$r" $k) " in *" $f "*) fail "harden adds $f in $k" ;; esac
	done
done

run "$T/re.log" cmake "$b"
once_each "$(sed -n 's/^CMAKE_C_FLAGS:STRING=//p' "$b/CMakeCache.txt")"

cmake_build "$b"
grep ' -o ' "$b.build.log" >"$T/lines"
[ "$(grep -c -- '-D_FORTIFY_SOURCE=2' "$T/lines")" -ge 3 ] || fail "-D_FORTIFY_SOURCE=2 missing from compile lines"
grep -q -- '-D_FORTIFY_SOURCE=3' "$T/lines" && fail "-D_FORTIFY_SOURCE=3 on a command line"
while read -r line; do
	for f in $flags; do
		n=$(printf '%s\n' "$line" | tr ' ' '\n' | grep -cxF -- "$f")
		[ "$n" -le 1 ] || fail "$f $n times in: $line"
	done
done <"$T/lines"
elf_has_canary "$b/tally" || fail "tally: no canary"
elf_has_chk "$b/tally" || fail "tally: no fortified call"
elf_has_now "$b/tally" || fail "tally: no BIND_NOW"
elf_is_pie "$b/tally" || fail "tally: not PIE"
distro_cxx_check "$b/harden-report-cxx.txt" "$b.build.log"
elf_has_canary "$b/words" && elf_has_relro "$b/words" && elf_has_now "$b/words" ||
	fail "words lost the distribution's hardening"

# The fortify level in a binary, built the same way, with CFLAGS as
# debhelper's cmake build system passes them: it appends CPPFLAGS to CFLAGS
# itself, and the module adds no second copy.
p=$T/level
mkdir -p "$p"
cat >"$p/level.c" <<'EOC'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* A fixed array: checked at levels 2 and 3. */
static char *copy_fixed(const char *s) { static char b[16]; strcpy(b, s); return b; }
/* A malloc'ed buffer, its size known at run time only: level 3
 * (__builtin_dynamic_object_size) checks the copy, level 2 does not. */
static char *copy_dynamic(const char *s, size_t n) { char *b = malloc(n); if (b) strcpy(b, s); return b; }
int main(int argc, char **argv) { puts(copy_fixed(argv[0])); puts(copy_dynamic(argv[0], (size_t)argc + 64)); return 0; }
EOC
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(level C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(level level.c)
target_link_libraries(level PRIVATE Harden::Harden)
EOT
CFLAGS="$CFLAGS $CPPFLAGS" CC=gcc cmake_configure "$T/lb" "$p" -G Ninja
once_each "$(sed -n 's/^CMAKE_C_FLAGS:STRING=//p' "$T/lb/CMakeCache.txt")"
cmake_build "$T/lb"
elf_has_sym "$T/lb/level" __strcpy_chk || fail "level: no __strcpy_chk"
elf_has_sym "$T/lb/level" strcpy || fail "level: the copy into the malloc'ed buffer is checked: fortify level 3, not the builder's 2"

# Control: without the distribution's flags, harden's level 3 checks both.
unset CPPFLAGS CFLAGS LDFLAGS
CC=gcc cmake_configure "$T/lc" "$p" -G Ninja -DCMAKE_C_FLAGS=-O2
report_expect "$T/lc/harden-report.txt" fortify-source "on 3"
cmake_build "$T/lc"
elf_has_sym "$T/lc/level" strcpy && fail "control: fortify level 3 left a plain strcpy"
exit 0
