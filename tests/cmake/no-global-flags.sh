#!/bin/sh
# Including the module changes no global flag (CMAKE_C_FLAGS, the linker
# flags, directory COMPILE_OPTIONS/LINK_OPTIONS): a program that does not
# link Harden::Harden is built without any hardening flag, one that does
# gets them.  (The one exception, the builder's CPPFLAGS joining
# CMAKE_C_FLAGS, is distro-flags.sh; here there are none.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc ninja readelf
unset CPPFLAGS

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(plain C)
function(snap out)
  get_directory_property(co COMPILE_OPTIONS)
  get_directory_property(lo LINK_OPTIONS)
  set(\${out} "\${CMAKE_C_FLAGS}|\${CMAKE_C_FLAGS_RELEASE}|\${CMAKE_EXE_LINKER_FLAGS}|\${CMAKE_SHARED_LINKER_FLAGS}|\${co}|\${lo}|\${CMAKE_POSITION_INDEPENDENT_CODE}" PARENT_SCOPE)
endfunction()
snap(before)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
snap(after)
file(WRITE "\${CMAKE_BINARY_DIR}/snap.txt" "\${before}\n\${after}\n")
add_executable(plain "$src/main.c" "$src/tally.c")
target_include_directories(plain PRIVATE "$src")
add_executable(hard "$src/main.c" "$src/tally.c")
target_include_directories(hard PRIVATE "$src")
target_link_libraries(hard PRIVATE Harden::Harden)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
[ "$(sed -n 1p "$b/snap.txt")" = "$(sed -n 2p "$b/snap.txt")" ] || { cat "$b/snap.txt"; fail "global flags changed by include(Harden)"; }
cmake_build "$b"
grep -E -e '-o (CMakeFiles/plain.dir/|plain )' "$b.build.log" >"$T/plain.lines"
[ -s "$T/plain.lines" ] || fail "no command lines for plain"
grep -e '-fstack-protector' -e '_FORTIFY_SOURCE' -e '-z,now' -e ' -pie' "$T/plain.lines" && fail "plain got hardening flags"
grep -E -e '-o hard ' "$b.build.log" | grep -q -e '-z,now' || fail "hard got no hardening flags"
elf_has_canary "$b/plain" && fail "plain has a canary"
elf_has_canary "$b/hard" || fail "hard has no canary"
exit 0
