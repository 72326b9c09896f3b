#!/bin/sh
# cmake --install of this repository gives a module-only package:
# find_package(Harden 0.1 REQUIRED) from another project finds it, creates
# Harden::Harden and hardens the program; a version of another major is
# refused.
. "$(dirname "$0")/helpers"

configure "$T/hb" "$S"
run "$T/install.log" cmake --install "$T/hb" --prefix "$T/prefix"
d=$T/prefix/share/cmake/Harden
for f in Harden.cmake HardenConfig.cmake HardenConfigVersion.cmake catalog/features.txt catalog/probe.c catalog/traits.c; do
	[ -f "$d/$f" ] || fail "not installed: $f"
done

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(consumer C)
find_package(Harden \${WANT} REQUIRED)
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
EOT
b=$T/build
CC=gcc configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT=0.1
grep -q "^Harden_DIR:PATH=$d\$" "$b/CMakeCache.txt" || fail "Harden_DIR is not the installed package"
build "$b"
assert_hardened_program "$b/app"

if CC=gcc cmake -S "$p" -B "$T/b2" -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT=1.0 >"$T/b2.log" 2>&1; then
	fail "find_package(Harden 1.0) accepted version 0.x"
fi
grep -q 'version: 0.1' "$T/b2.log" || { cat "$T/b2.log"; fail "no version mismatch message"; }
exit 0
