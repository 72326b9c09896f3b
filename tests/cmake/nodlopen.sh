#!/bin/sh
# -DHARDENING_NODLOPEN=ON: Harden::Harden and harden_target() give
# -Wl,-z,nodlopen (DF_1_NOOPEN) to shared libraries only: never to a
# program nor to a MODULE library (a plugin is dlopened), and
# HARDEN_LIB_LDFLAGS holds it; the audit test on the program, the
# libraries and the plugins passes (the run's harden-audit): a MODULE is
# expected everything but nodlopen (--except-for), a shared library
# nodlopen too.  Not requested: no target's
# link gets it (the build files name it nowhere; that no library has
# DF_1_NOOPEN without it, tests/matrix proves on the example).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc ninja readelf
audit_tool
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
p=$T/proj
mkdir -p "$p"
# tally's sources: a canary and fortified calls for the audit to prove.
cp "$S"/examples/autotools/src/tally.h "$S"/examples/autotools/src/tally.c \
	"$S"/examples/autotools/src/main.c "$p"/ || exit 99
cat >"$p/CMakeLists.txt" <<EOF2
cmake_minimum_required(VERSION 3.18)
project(p LANGUAGES C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_library(lib SHARED tally.c)
target_link_libraries(lib PRIVATE Harden::Harden)
add_library(plugin MODULE tally.c)
target_link_libraries(plugin PRIVATE Harden::Harden)
add_library(lib2 SHARED tally.c)
add_library(plugin2 MODULE tally.c)
harden_target(lib2 plugin2)
add_executable(prog main.c)
target_link_libraries(prog PRIVATE lib Harden::Harden)
file(WRITE "\${CMAKE_BINARY_DIR}/lib-ldflags.txt" "\${HARDEN_LIB_LDFLAGS}")
enable_testing()
harden_add_audit_test(hardening prog lib lib2 plugin plugin2)
EOF2

b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDEN_AUDIT="$AUDIT"
report_expect "$b/harden-report.txt" nodlopen "off -"
[ -z "$(cat "$b/lib-ldflags.txt")" ] || fail "off: HARDEN_LIB_LDFLAGS: $(cat "$b/lib-ldflags.txt")"
grep -q 'liblib\.so' "$b/build.ninja" || fail "no link of liblib.so in $b/build.ninja"
grep -q -- '-z,nodlopen' "$b/build.ninja" && fail "off: a command has it"

cmake_configure "$b" "$p" -DHARDENING_NODLOPEN=ON
report_expect "$b/harden-report.txt" nodlopen "on yes"
[ "$(cat "$b/lib-ldflags.txt")" = -Wl,-z,nodlopen ] || fail "HARDEN_LIB_LDFLAGS: $(cat "$b/lib-ldflags.txt")"
grep -q -- '-z,nodlopen' "$b/build.ninja" || fail "on: the build files do not name it (the off check proves nothing)"
cmake_build "$b"
noopen "$b/liblib.so" || fail "the shared library lacks DF_1_NOOPEN"
noopen "$b/liblib2.so" || fail "harden_target: the shared library lacks DF_1_NOOPEN"
# (CMake names a MODULE libNAME.so too: the file must be there, or the
# check below would pass on readelf's error.)
[ -f "$b/libplugin.so" ] && [ -f "$b/libplugin2.so" ] || fail "no libplugin.so, libplugin2.so: $(ls "$b")"
noopen "$b/libplugin.so" && fail "the MODULE library has DF_1_NOOPEN"
noopen "$b/libplugin2.so" && fail "harden_target: the MODULE library has DF_1_NOOPEN"
noopen "$b/prog" && fail "the program has DF_1_NOOPEN"
grep -- '-o prog ' "$b.build.log" | grep -q -- '-z,nodlopen' && fail "the program's link has it"
cmake_audit_test_passes "$b" hardening
grep -q -- "--expect\" \"[^\"]*nodlopen" "$b.hardening.log" || fail "the audit test does not expect nodlopen"
grep -q -- '"--except-for" "[^"]*/libplugin.so=nodlopen"' "$b.hardening.log" || fail "the plugin is expected nodlopen"
grep -q -- '--except-for" "[^"]*/liblib.so=' "$b.hardening.log" && fail "a shared library is excused nodlopen"
echo ok
