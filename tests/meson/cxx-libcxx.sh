#!/bin/sh
# clang++-19 with libc++ 19 (cpp_args/cpp_link_args -stdlib=libc++): the
# C++ report finds libc++ and turns on its fast hardening mode, which
# reaches the compile of words, and `words N` with N out of range traps
# (SIGILL), and tallyxx's C++ object through harden-exe (the C++ library's
# macros are inert on C lines); the C report (clang-19) has no
# stdlib-hardening, and harden-c's C lines no C++ macro.
. "$HARDEN_SRCDIR/tests/lib.sh"
need clang-19 clang++-19
meson_parent_cxx_with_copy "$T/p"
CC=clang-19 CXX=clang++-19 meson_setup "$T/p" "$T/b" --buildtype=release \
	-Dcpp_args=-stdlib=libc++ -Dcpp_link_args=-stdlib=libc++
run "$T/ninja.log" ninja -C "$T/b" -v
r=$(meson_report "$T/b" -cxx)
report_key "$r" traits | grep -q ' stdlib=libc++' || fail "traits: $(report_key "$r" traits)"
report_expect "$r" stdlib-hardening "on fast"
report_expect "$(meson_report "$T/b")" stdlib-hardening "unsupported -"
grep -- '-o words.p/words.cc.o ' "$T/ninja.log" |
	grep -q -- ' -U_LIBCPP_HARDENING_MODE -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST ' ||
	fail "the compile of words.cc lacks libc++'s fast mode"
# harden-c's C lines have no C++ macro (tallyxx's C object, through
# harden-exe, has it: inert on a C line).
grep '^\[.*\] clang-19 .*_LIBCPP_HARDENING_MODE' "$T/ninja.log" | grep -v ' -o tallyxx\.p/' &&
	fail "libc++'s mode on a C line of harden-c"
grep -- '-o tallyxx.p/tallyxx.cc.o ' "$T/ninja.log" | grep -q -- ' -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST ' ||
	fail "tallyxx.cc (harden-exe) lacks libc++'s fast mode"
readelf -dW "$T/b/words" | grep -q 'NEEDED.*libc++' || fail "words is not linked with libc++"
in=$S/examples/meson/input.txt
n=$("$T/b/words" <"$in" | sed -n 's/ distinct$//p')
[ -n "$n" ] || fail "words does not count"
"$T/b/words" "$n" <"$in" >/dev/null 2>&1
rc=$?
[ $rc = 132 ] || fail "words $n out of range: exit $rc, want 132 (SIGILL)"
echo ok
