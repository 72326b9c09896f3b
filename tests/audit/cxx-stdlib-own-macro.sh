#!/bin/sh
# cxx-stdlib-own-macro.sh - a recorded hardening macro counts for
# stdlib-hardening only in a unit of its own library:
# -D_GLIBCXX_ASSERTIONS does nothing to libc++ and -D_LIBCPP_HARDENING_MODE
# nothing to libstdc++, as the programs' own out-of-bounds operator[]
# shows (exit 1 instead of a trap or an abort).  The unit's library is
# its recorded -stdlib=, else the one the file needs (DT_NEEDED
# libc++.so.1, libstdc++.so.6).  The wrong macro alone is unknown (the
# library may default to a mode) and fails --expect, naming the unit;
# beside a unit with the right one it is partial; both macros are yes.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need clang++ clang++-19
cd "$T" || exit 99
stdlib_sources
R="-g -grecord-command-line -O2"
GA=-D_GLIBCXX_ASSERTIONS
LF="-U_LIBCPP_HARDENING_MODE -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST"
LCX="clang++-19 -stdlib=libc++"
# The unit records no -stdlib=: libc++'s headers by hand, DT_NEEDED decides.
LCXH="clang++-19 -nostdinc++ -isystem /usr/lib/llvm-19/include/c++/v1"

# is FILE WANT REASON: the -v verdict of stdlib-hardening and its reason.
is() {
	_l=$("$AUDIT" -v "$1" | grep '^    stdlib-hardening ')
	echo "$_l" | grep -q "^    stdlib-hardening  *$2 " || fail "$1: not $2: $_l"
	echo "$_l" | grep -qF -- "$3" || fail "$1: reason lacks '$3': $_l"
}
# oob FILE STATUS: the exit status of an out-of-bounds operator[].
oob() {
	"./$1" 3 2>/dev/null
	_rc=$?
	[ "$_rc" = "$2" ] || fail "$1 3 (out of bounds): exit $_rc, want $2"
}

other="1 recorded C++ units define only the other library's macro"
# shellcheck disable=SC2086
$LCX $R $GA -o lcx-gnu at.cc || fail "cannot build lcx-gnu"
oob lcx-gnu 1
is lcx-gnu unknown "$other"
is lcx-gnu unknown "and the library may default to a mode: at.cc"
"$AUDIT" --expect stdlib-hardening lcx-gnu >/dev/null 2>err && fail "--expect passes libc++ with -D_GLIBCXX_ASSERTIONS"
grep -q 'lcx-gnu: stdlib-hardening not proven: unknown' err || fail "--expect message: $(cat err)"

# shellcheck disable=SC2086
$LCXH $R $GA -c at.cc -o hd.o && $LCX -o lcx-needed hd.o || fail "cannot build lcx-needed"
readelf -dW lcx-needed | grep -q 'NEEDED.*\[libc++\.so\.1\]' || fail "lcx-needed does not need libc++.so.1"
oob lcx-needed 1
is lcx-needed unknown "$other"

# shellcheck disable=SC2086
clang++ $R $LF -o gnu-llvm at.cc || fail "cannot build gnu-llvm"
readelf -dW gnu-llvm | grep -q 'NEEDED.*\[libstdc++\.so\.6\]' || fail "gnu-llvm does not need libstdc++.so.6"
oob gnu-llvm 1
is gnu-llvm unknown "$other"
check_expect 1 stdlib-hardening gnu-llvm

# A unit with the right macro beside one with the wrong: partial.
# shellcheck disable=SC2086
$LCX $R $LF -c at.cc -o right.o && $LCX $R $GA -c plain.cc -o wrong.o &&
	$LCX -o lcx-mixed right.o wrong.o || fail "cannot build lcx-mixed"
is lcx-mixed partial "1 of 2 recorded C++ units lack -D_GLIBCXX_ASSERTIONS or -D_LIBCPP_HARDENING_MODE: plain.cc"

# Both macros: each library's own is there.
# shellcheck disable=SC2086
$LCX $R $GA $LF -o lcx-both at.cc && clang++ $R $GA $LF -o gnu-both at.cc || fail "cannot build the *-both programs"
oob lcx-both 132
oob gnu-both 134
is lcx-both yes "in all 1 recorded units"
is gnu-both yes "__glibcxx_assert_fail"
check_expect 0 stdlib-hardening lcx-both gnu-both
echo ok
