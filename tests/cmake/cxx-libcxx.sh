#!/bin/sh
# clang++-19 with libc++ 19 (-stdlib=libc++ in CMAKE_CXX_FLAGS, which CMake
# also puts on C++ links): the C++ report finds stdlib=libc++ and turns on
# libc++'s fast hardening mode, words.cc is compiled with
# -U_LIBCPP_HARDENING_MODE -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST
# and links against libc++, and "words N" out of range traps (SIGILL: 132
# from sh) while an index in range prints the length.  (Only words is
# built.)
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need clang-19 clang++-19 readelf

b=$T/build
CC=clang-19 CXX=clang++-19 cxx_example "$b" -DCMAKE_CXX_FLAGS=-stdlib=libc++ -DBUILD_TESTING=OFF
x=$b/harden-report-cxx.txt
case " $(report_key "$x" traits) " in *" stdlib=libc++ "*) ;; *) fail "traits: $(report_key "$x" traits)" ;; esac
report_expect "$x" stdlib-hardening "on fast"
run "$b.build.log" cmake --build "$b" -v --target words
build_line "$b.build.log" ' -c [^ ]*/words\.cc$' |
	grep -q -- ' -U_LIBCPP_HARDENING_MODE -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST ' ||
	fail "words.cc without libc++'s fast mode"
readelf -dW "$b/words" | grep -q 'NEEDED.*libc++\.so' || fail "words is not linked with libc++"
printf 'one two three\n' | "$b/words" 2 >"$T/out" 2>&1 && [ "$(cat "$T/out")" = 3 ] || fail "words 2: $(cat "$T/out")"
printf 'one two three\n' | "$b/words" 3 >"$T/out" 2>&1
rc=$?
[ $rc = 132 ] || fail "words 3 exited $rc with libc++'s fast mode, want 132 (SIGILL)"
exit 0
