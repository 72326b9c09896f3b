#!/bin/sh
# Words the project adds to CMAKE_C_FLAGS before include(Harden) (a normal
# variable differing from the builder's cache entry) are the project's: the
# feature they decide is in state "project", naming CMakeLists.txt, while
# the builder's own -Wl,-z,relro (CMAKE_EXE_LINKER_FLAGS) stays "builder".
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf
src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.18)
project(own C)
string(APPEND CMAKE_C_FLAGS " -fstack-protector")
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(tally "$src/main.c" "$src/tally.c")
target_include_directories(tally PRIVATE "$src")
target_link_libraries(tally PRIVATE Harden::Harden)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-O2 -DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,relro
r=$b/harden-report.txt
report_expect "$r" stack-protector "project basic"
report_reason "$r" stack-protector | grep -q '^set by CMakeLists.txt (-fstack-protector); present$' ||
	fail "the reason is not CMakeLists.txt's: $(report_reason "$r" stack-protector)"
report_expect "$r" relro "builder yes"
grep -q 'stack-protector.*project' "$b.configure.log" || fail "the summary does not say project"
echo ok
