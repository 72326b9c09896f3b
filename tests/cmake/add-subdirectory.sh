#!/bin/sh
# add_subdirectory() of this repository from a C project: Harden::Harden,
# harden_target() and the HARDEN_* variables are usable from the parent, the
# report lands in the top-level build directory, the program is hardened, the
# audit test (harden_add_audit_test, harden-audit built from the repository's
# tools/) passes, and neither the subproject nor harden-audit is installed.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(consumer C)
add_subdirectory("$S" harden)
add_executable(app "$src/main.c" "$src/tally.c")
target_include_directories(app PRIVATE "$src")
target_link_libraries(app PRIVATE Harden::Harden)
add_library(lib SHARED "$src/tally.c")
harden_target(lib)
enable_testing()
harden_add_audit_test(app-audit app lib)
install(TARGETS app lib DESTINATION bin)
file(WRITE "\${CMAKE_BINARY_DIR}/vars.txt" "cflags=\${HARDEN_CFLAGS}\n")
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
[ -f "$b/harden-report.txt" ] || fail "no report in the top-level build directory"
want=$(report_key "$b/harden-report.txt" cflags | tr ' ' ';')
grep -qx "cflags=$want" "$b/vars.txt" || fail "HARDEN_CFLAGS not visible in the parent: $(cat "$b/vars.txt")"
cmake_build "$b"
assert_hardened_program "$b/app"
assert_hardened_library "$b/liblib.so"
cmake_audit_test_passes "$b" app-audit
grep -q "Test command: $b/harden-tools/harden-audit .* \"$b/app\" \"$b/liblib.so\"\$" "$b.app-audit.log" ||
	fail "app-audit does not audit app and liblib.so"
grep -q "$S/tools/audit/harden-audit\.c" "$b.build.log" || fail "harden-audit not built from $S/tools"
run "$T/install.log" cmake --install "$b" --prefix "$T/prefix"
[ -e "$T/prefix/share/cmake/Harden" ] && fail "the subproject installed its package"
[ -f "$T/prefix/bin/app" ] || fail "the parent's install did not run"
find "$T/prefix" -name 'harden-audit*' | grep -q . && fail "harden-audit was installed: $(find "$T/prefix" -name 'harden-audit*')"
exit 0
