#!/bin/sh
# Harden.cmake copied into a project without the rest of harden: alone, or
# with a catalog/ that lacks the driver (as copies made for the former
# module do), the configure stops with an error that says what to copy
# (the folder catalog/ with its four files) and where; with catalog/
# copied next to it, the module runs the driver from that copy and the
# program is hardened.  (The three configures share one build tree.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need cmake gcc ninja readelf

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p/cmake"
cp "$S/cmake/Harden.cmake" "$p/cmake/"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(copied C)
list(APPEND CMAKE_MODULE_PATH "\${CMAKE_CURRENT_SOURCE_DIR}/cmake")
include(Harden)
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
EOT

# missing N: the configure fails and says what to copy where.
missing() {
	if CC=gcc cmake -S "$p" -B "$T/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$T/$1.log" 2>&1; then
		fail "configured without a complete catalog ($1)"
	fi
	grep -q 'Harden: the module needs the catalog of harden next to it.  Copy the folder' "$T/$1.log" &&
		grep -qx '    features.txt probe.c traits.c harden-flags' "$T/$1.log" &&
		grep -qx "    $p/cmake/catalog/" "$T/$1.log" ||
		{ cat "$T/$1.log"; fail "no error saying what to copy ($1)"; }
}
missing alone
mkdir -p "$p/cmake/catalog"
cp "$S/catalog/features.txt" "$S/catalog/probe.c" "$S/catalog/traits.c" "$p/cmake/catalog/"
missing nodriver

cp "$S/catalog/harden-flags" "$p/cmake/catalog/"
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
grep -q "$p/cmake/catalog/probe.c" "$b/CMakeFiles/harden/probe.log" || fail "the probes did not use the copied catalog"
grep -q "$S/catalog" "$b/CMakeFiles/harden/probe.log" && fail "the probes used the source tree's catalog"
report_expect "$b/harden-report.txt" stack-protector "on strong"
cmake_build "$b"
assert_hardened_program "$b/app"
exit 0
