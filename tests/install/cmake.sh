#!/bin/sh
# A CMake project with nothing of harden vendored finds the installed package
# with find_package(Harden 0.2 REQUIRED) and CMAKE_PREFIX_PATH=<prefix>, and
# builds a hardened shared library and program, which the installed
# harden-audit proves with --expect HARDEN_AUDIT_EXPECT.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc cmake ninja readelf

installed_prefix
p=$T/proj
mkdir -p "$p"
cp "$S"/examples/autotools/src/tally.h "$S"/examples/autotools/src/tally.c "$S"/examples/autotools/src/main.c "$p"/ || exit 99
cat >"$p/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.17)
project(tally C)
find_package(Harden 0.2 REQUIRED)
add_library(tally SHARED tally.c)
add_executable(app main.c)
target_link_libraries(tally PRIVATE Harden::Harden)
target_link_libraries(app PRIVATE tally Harden::Harden)
file(WRITE "${CMAKE_BINARY_DIR}/expect.txt" "${HARDEN_AUDIT_EXPECT}\n")
EOT
CC=gcc cmake_configure "$T/b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$P"
grep -q "^Harden_DIR:PATH=$P/share/cmake/Harden\$" "$T/b/CMakeCache.txt" || fail "not the installed package"
cmake_build "$T/b"
assert_hardened_pair "$T/b/app" "$T/b/libtally.so"
audit_installed "$P" "$(cat "$T/b/expect.txt")" "$T/b/app" "$T/b/libtally.so"
exit 0
