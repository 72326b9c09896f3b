#!/bin/sh
# make install of this repository (the one install command; doc/install.md,
# "Install") gives the module-only CMake package Harden in
# <prefix>/share/cmake/Harden: find_package(Harden 0.2 REQUIRED) from another
# project finds it, runs the installed driver on the installed catalog
# (<prefix>/share/harden), creates Harden::Harden and hardens the program;
# Harden_VERSION and HARDEN_VERSION are harden's version;
# harden_add_audit_test() runs the installed harden-audit and the audit test
# passes (and fails for a program linked with -no-pie behind the module's
# back); a version of another major is refused.  Configuring harden itself
# with CMake installs nothing: cmake --install of it writes no file.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf ctest make

run "$T/install.log" make -C "$S" install PREFIX="$T/prefix" O="$T/obj"
d=$T/prefix/share/cmake/Harden
c=$T/prefix/share/harden
for f in "$d/Harden.cmake" "$d/HardenConfig.cmake" "$d/HardenConfigVersion.cmake" \
    "$c/features.txt" "$c/probe.c" "$c/traits.c" "$c/harden-flags" "$T/prefix/bin/harden-audit"; do
	[ -f "$f" ] || fail "not installed: $f"
done
[ -x "$c/harden-flags" ] || fail "harden-flags installed without the execute permission"
"$c/harden-flags" --list | grep -q '^stack-protector ' || fail "the installed harden-flags does not run"
version=$(cat "$S/VERSION")

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(consumer C)
find_package(Harden \${WANT} REQUIRED)
file(WRITE "\${CMAKE_BINARY_DIR}/versions.txt" "Harden_VERSION=\${Harden_VERSION}\nHARDEN_VERSION=\${HARDEN_VERSION}\n")
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
add_executable(nopie "$src/main.c" "$src/tally.c")
target_include_directories(nopie PRIVATE "$src")
harden_target(nopie)
target_compile_options(nopie PRIVATE -fno-PIE)
target_link_options(nopie PRIVATE -no-pie)
enable_testing()
harden_add_audit_test(app-audit app)
harden_add_audit_test(nopie-audit nopie)
EOT
b=$T/build
want=$(echo "$version" | cut -d. -f1-2)
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT="$want"
grep -q "^Harden_DIR:PATH=$d\$" "$b/CMakeCache.txt" || fail "Harden_DIR is not the installed package"
grep -q "$c/probe.c" "$b/CMakeFiles/harden/probe.log" || fail "the probes did not use the installed catalog"
printf 'Harden_VERSION=%s\nHARDEN_VERSION=%s\n' "$version" "$version" | cmp -s - "$b/versions.txt" ||
	fail "versions: $(cat "$b/versions.txt"), not $version"
cmake_build "$b"
assert_hardened_program "$b/app"
grep -q "^HARDEN_AUDIT:FILEPATH=$T/prefix/bin/harden-audit\$" "$b/CMakeCache.txt" ||
	fail "harden_add_audit_test does not use the installed harden-audit: $(grep '^HARDEN_AUDIT' "$b/CMakeCache.txt")"
grep -q "harden-audit\.c" "$b.build.log" && fail "harden-audit was built instead of the installed one"
cmake_audit_test_passes "$b" app-audit
if ctest --test-dir "$b" -R '^nopie-audit$' --output-on-failure >"$T/nopie.log" 2>&1; then
	cat "$T/nopie.log"
	fail "nopie-audit passed"
fi
grep -q "$b/nopie: pie not proven: no" "$T/nopie.log" || { cat "$T/nopie.log"; fail "nopie-audit does not name pie"; }

if CC=gcc cmake -S "$p" -B "$T/b2" -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT=1.0 >"$T/b2.log" 2>&1; then
	fail "find_package(Harden 1.0) accepted version $version"
fi
grep -q "version: $version" "$T/b2.log" || { cat "$T/b2.log"; fail "no version mismatch message"; }

# harden configured on its own builds and installs nothing.
cmake_configure "$T/hb" "$S"
grep -q "harden $version: nothing to build here; install harden with .make install." "$T/hb.configure.log" ||
	fail "configuring harden does not point at make install: $(cat "$T/hb.configure.log")"
run "$T/cmake-install.log" cmake --install "$T/hb" --prefix "$T/prefix2"
[ ! -e "$T/prefix2" ] || fail "cmake --install of harden installed: $(find "$T/prefix2" -type f)"
exit 0
