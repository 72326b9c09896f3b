#!/bin/sh
# A project pinning old policies (cmake_minimum_required(VERSION 2.8.12) +
# cmake_policy(VERSION 3.13), so CMP0083 is not NEW) that uses the
# keyword-less target_link_libraries() and install(EXPORT)s a static
# library hardened with harden_target():
# * programs still get -fPIE and -pie (harden_target and Harden::Harden);
# * the library's objects are hardened (canary, fortified calls);
# * no hardening flag and no Harden target leaks into the exported files;
# * another project imports the installed library without Harden.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 2.8.12)
cmake_policy(VERSION 3.13)
project(old C)
cmake_policy(GET CMP0083 cmp0083)
file(WRITE "\${CMAKE_BINARY_DIR}/cmp0083.txt" "[\${cmp0083}]")
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_library(tally STATIC "$src/tally.c")
target_include_directories(tally INTERFACE \$<BUILD_INTERFACE:$src> \$<INSTALL_INTERFACE:include>)
add_executable(tally-bin "$src/main.c")
target_link_libraries(tally-bin tally)
harden_target(tally tally-bin)
add_executable(app2 "$src/main.c")
target_link_libraries(app2 tally Harden::Harden)
install(TARGETS tally EXPORT oldTargets ARCHIVE DESTINATION lib)
install(FILES "$src/tally.h" DESTINATION include)
install(EXPORT oldTargets NAMESPACE old:: DESTINATION lib/cmake/old)
export(EXPORT oldTargets NAMESPACE old:: FILE "\${CMAKE_BINARY_DIR}/oldTargets.cmake")
file(WRITE "\${CMAKE_BINARY_DIR}/oldConfig.cmake" "include(\\"\\\${CMAKE_CURRENT_LIST_DIR}/oldTargets.cmake\\")\n")
install(FILES "\${CMAKE_BINARY_DIR}/oldConfig.cmake" DESTINATION lib/cmake/old)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
[ "$(cat "$b/cmp0083.txt")" = "[]" ] || fail "CMP0083 is set ($(cat "$b/cmp0083.txt")): the test needs it unset"
cmake_build "$b"
for exe in tally-bin app2; do
	grep -- "-o CMakeFiles/$exe.dir/.*main.c.o" "$b.build.log" | grep -q -- '-fPIE' || fail "$exe: no -fPIE"
	grep -- "-o $exe " "$b.build.log" | grep -q -- ' -pie' || fail "$exe: no -pie"
	assert_hardened_program "$b/$exe"
done
elf_has_canary "$b/libtally.a" || fail "libtally.a: no canary"
elf_has_chk "$b/libtally.a" || fail "libtally.a: no fortified calls"
grep -q -- '-fPIE' "$b.build.log" && grep -- 'tally.c.o -c' "$b.build.log" | grep -q -- '-fPIE' &&
	fail "exe-only flag on the static library"

run "$T/install.log" cmake --install "$b" --prefix "$T/prefix"
for f in "$b/oldTargets.cmake" "$T"/prefix/lib/cmake/old/oldTargets*.cmake; do
	[ -f "$f" ] || fail "missing export file $f"
	if grep -n -e 'Harden' -e 'stack-protector' -e '_FORTIFY' -e '-Wl,' -e 'pie' -e 'PIE' "$f"; then
		fail "hardening leaked into $f"
	fi
done

c=$T/consumer
mkdir -p "$c"
cat >"$c/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(consumer C)
find_package(old REQUIRED)
add_executable(user "$src/main.c")
target_link_libraries(user PRIVATE old::tally)
EOT
CC=gcc cmake_configure "$T/cb" "$c" -G Ninja -DCMAKE_PREFIX_PATH="$T/prefix"
cmake_build "$T/cb"
grep -q -e '-fstack-protector' -e '-pie' "$T/cb.build.log" && fail "the consumer got hardening flags from the export"
[ "$(printf 'a b\n' | "$T/cb/user")" = "      1       2       4 -" ] || fail "the consumer's program does not run"
exit 0
