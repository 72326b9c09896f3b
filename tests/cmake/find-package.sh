#!/bin/sh
# cmake --install of this repository gives a module-only package:
# find_package(Harden 0.1 REQUIRED) from another project finds it, runs the
# installed driver (catalog/harden-flags, executable) on the installed
# catalog, creates Harden::Harden and hardens the program;
# harden_add_audit_test() builds harden-audit from the sources installed
# with the package and the audit test passes (and fails for a program linked
# with -no-pie behind the module's back); a version of another major is
# refused.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf ctest

cmake_configure "$T/hb" "$S"
run "$T/install.log" cmake --install "$T/hb" --prefix "$T/prefix"
d=$T/prefix/share/cmake/Harden
for f in Harden.cmake HardenConfig.cmake HardenConfigVersion.cmake catalog/features.txt catalog/probe.c catalog/traits.c catalog/harden-flags \
    tools/harden-audit.c tools/elf.c tools/checks.c tools/dwarf.c tools/elf.h tools/audit.h; do
	[ -f "$d/$f" ] || fail "not installed: $f"
done
[ -x "$d/catalog/harden-flags" ] || fail "harden-flags installed without the execute permission"
"$d/catalog/harden-flags" --list | grep -q '^stack-protector ' || fail "the installed harden-flags does not run"

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
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT=0.1
grep -q "^Harden_DIR:PATH=$d\$" "$b/CMakeCache.txt" || fail "Harden_DIR is not the installed package"
grep -q "$d/catalog/probe.c" "$b/CMakeFiles/harden/probe.log" || fail "the probes did not use the installed catalog"
cmake_build "$b"
assert_hardened_program "$b/app"
grep -q "$d/tools/harden-audit\.c" "$b.build.log" || fail "harden-audit not built from the installed sources"
grep -q "$S/tools" "$b.build.log" && fail "the installed package used the source tree's tools/"
cmake_audit_test_passes "$b" app-audit
if ctest --test-dir "$b" -R '^nopie-audit$' --output-on-failure >"$T/nopie.log" 2>&1; then
	cat "$T/nopie.log"
	fail "nopie-audit passed"
fi
grep -q "$b/nopie: pie not proven: no" "$T/nopie.log" || { cat "$T/nopie.log"; fail "nopie-audit does not name pie"; }

if CC=gcc cmake -S "$p" -B "$T/b2" -DCMAKE_PREFIX_PATH="$T/prefix" -DWANT=1.0 >"$T/b2.log" 2>&1; then
	fail "find_package(Harden 1.0) accepted version 0.x"
fi
grep -q 'version: 0.1' "$T/b2.log" || { cat "$T/b2.log"; fail "no version mismatch message"; }
exit 0
