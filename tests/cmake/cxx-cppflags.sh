#!/bin/sh
# CPPFLAGS from the environment joins CMAKE_CXX_FLAGS as it joins
# CMAKE_C_FLAGS (CMake has no CPPFLAGS): with Debian-like flags
# (CPPFLAGS=-D_FORTIFY_SOURCE=2, CXXFLAGS="-O2 -fstack-protector-strong"),
# fortify-source and stack-protector are the builder's in the C++ report,
# and words.cc's line has -D_FORTIFY_SOURCE=2 and -fstack-protector-strong
# once each, and no -D_FORTIFY_SOURCE=3 (main.c's has the define once too);
# the program is fortified.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf

b=$T/build
CC=gcc CXX=g++ CPPFLAGS=-D_FORTIFY_SOURCE=2 CFLAGS=-O2 CXXFLAGS="-O2 -fstack-protector-strong" cxx_example "$b" -DBUILD_TESTING=OFF
grep -qx 'CMAKE_CXX_FLAGS:STRING=-O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2' "$b/CMakeCache.txt" ||
	fail "CPPFLAGS did not join CMAKE_CXX_FLAGS: $(grep '^CMAKE_CXX_FLAGS:' "$b/CMakeCache.txt")"
x=$b/harden-report-cxx.txt
for f in fortify-source stack-protector; do
	[ "$(report_state "$x" $f)" = builder ] || fail "C++: $f is $(report_state "$x" $f), want builder"
done
cmake_build "$b"
line=$(build_line "$b.build.log" ' -c [^ ]*/words\.cc$')
for f in -D_FORTIFY_SOURCE=2 -fstack-protector-strong; do
	[ "$(echo "$line" | tr ' ' '\n' | grep -cx -- "$f")" = 1 ] || fail "$f not once on the C++ line: $line"
done
echo "$line" | grep -q -- '-D_FORTIFY_SOURCE=3' && fail "harden's fortify level on the C++ line: $line"
line=$(build_line "$b.build.log" ' -c [^ ]*/main\.c$')
[ "$(echo "$line" | tr ' ' '\n' | grep -cx -- -D_FORTIFY_SOURCE=2)" = 1 ] || fail "-D_FORTIFY_SOURCE=2 not once on the C line: $line"
elf_has_chk "$b/tallyxx" || fail "tallyxx has no fortified call"
exit 0
