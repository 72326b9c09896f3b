#!/bin/sh
# FetchContent of a local git clone of harden (file://, no network):
# FetchContent_MakeAvailable() gives Harden::Harden, the program built
# with it is hardened, and its audit test (harden-audit built from the
# fetched tools/) passes.
. "$HARDEN_SRCDIR/tests/lib.sh"

need git gcc ninja readelf
# A throw-away repository holding what a clone of harden would.
g=$T/harden.git
mkdir -p "$g"
cp -R "$S/VERSION" "$S/CMakeLists.txt" "$S/cmake" "$S/catalog" "$S/tools" "$g/"
(
	cd "$g" && git init -q && git add -A &&
	git -c user.name=test -c user.email=test@example.invalid commit -q -m harden
) >"$T/git.log" 2>&1 || { cat "$T/git.log"; fail "cannot create the git repository"; }
rev=$(git -C "$g" rev-parse HEAD)

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(consumer C)
include(FetchContent)
FetchContent_Declare(harden GIT_REPOSITORY "file://$g" GIT_TAG $rev)
FetchContent_MakeAvailable(harden)
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
enable_testing()
harden_add_audit_test(app-audit app)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
[ -f "$b/_deps/harden-src/cmake/Harden.cmake" ] || fail "harden was not fetched into _deps"
grep -q 'Hardening C (level standard) - ' "$b.configure.log" || fail "no hardening summary"
cmake_build "$b"
assert_hardened_program "$b/app"
grep -q "$b/_deps/harden-src/tools/audit/harden-audit\.c" "$b.build.log" || fail "harden-audit not built from the fetched tools/"
cmake_audit_test_passes "$b" app-audit
exit 0
