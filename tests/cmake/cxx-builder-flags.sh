#!/bin/sh
# The builder's C++ flags win on C++ lines and only there, and CPPFLAGS
# from the environment joins CMAKE_CXX_FLAGS as it joins CMAKE_C_FLAGS
# (CMake has no CPPFLAGS): with CPPFLAGS=-D_FORTIFY_SOURCE=2, CFLAGS=-O2
# and CXXFLAGS="-O2 -fno-stack-protector", stack-protector and
# fortify-source are the builder's in the C++ report (no flag added), so
# words.cc's line has -fno-stack-protector and -D_FORTIFY_SOURCE=2 once
# each, no -fstack-protector-strong and no -D_FORTIFY_SOURCE=3, and words
# has no canary; main.c's line has the define once too; the C report and
# the C lines keep the canary, and the programs are fortified.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf

b=$T/build
CC=gcc CXX=g++ CPPFLAGS=-D_FORTIFY_SOURCE=2 CFLAGS=-O2 CXXFLAGS="-O2 -fno-stack-protector" cxx_example "$b" -DBUILD_TESTING=OFF
grep -qx 'CMAKE_CXX_FLAGS:STRING=-O2 -fno-stack-protector -D_FORTIFY_SOURCE=2' "$b/CMakeCache.txt" ||
	fail "CPPFLAGS did not join CMAKE_CXX_FLAGS: $(grep '^CMAKE_CXX_FLAGS:' "$b/CMakeCache.txt")"
x=$b/harden-report-cxx.txt
for f in fortify-source stack-protector; do
	[ "$(report_state "$x" $f)" = builder ] || fail "C++: $f is $(report_state "$x" $f), want builder"
done
report_expect "$b/harden-report.txt" stack-protector "on strong"
case " $(report_key "$x" cflags) $(report_key "$x" ldflags) " in
*-fstack-protector*) fail "the C++ report adds a stack protector flag" ;;
esac
cmake_build "$b"
line=$(build_line "$b.build.log" ' -c [^ ]*/words\.cc$')
for f in -fno-stack-protector -D_FORTIFY_SOURCE=2; do
	[ "$(echo "$line" | tr ' ' '\n' | grep -cx -- "$f")" = 1 ] || fail "$f not once on the C++ line: $line"
done
echo "$line" | grep -q -- '-fstack-protector-strong' && fail "harden's canary on the C++ line: $line"
echo "$line" | grep -q -- '-D_FORTIFY_SOURCE=3' && fail "harden's fortify level on the C++ line: $line"
line=$(build_line "$b.build.log" ' -c [^ ]*/main\.c$')
[ "$(echo "$line" | tr ' ' '\n' | grep -cx -- -D_FORTIFY_SOURCE=2)" = 1 ] || fail "-D_FORTIFY_SOURCE=2 not once on the C line: $line"
echo "$line" | grep -q -- ' -fstack-protector-strong ' || fail "the C line lost the canary"
elf_has_canary "$b/words" && fail "words has a canary despite the builder's -fno-stack-protector"
elf_has_canary "$b/tally" || fail "tally (C) has no canary"
elf_has_chk "$b/tallyxx" || fail "tallyxx has no fortified call"
exit 0
