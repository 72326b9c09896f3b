#!/bin/sh
# stdlib-hardening with g++ (libstdc++): on at the standard level, only on
# C++ lines, and `words N` with N out of range aborts (SIGABRT) with
# libstdc++'s message; -Dharden:stdlib_hardening=disabled gives a program
# that reads past the end unchecked and prints a number.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
meson_parent_cxx_with_copy "$T/p"
in=$S/examples/meson/input.txt
for v in auto disabled; do
	CC=gcc CXX=g++ meson_setup "$T/p" "$T/$v" --buildtype=release -Dharden:stdlib_hardening=$v
	run "$T/$v.ninja.log" ninja -C "$T/$v" -v
	grep '^\[.*\] gcc .* -D_GLIBCXX_ASSERTIONS' "$T/$v.ninja.log" && fail "$v: -D_GLIBCXX_ASSERTIONS on a C line"
	n=$("$T/$v/words" <"$in" | sed -n 's/ distinct$//p')
	[ -n "$n" ] || fail "$v: words does not count"
	"$T/$v/words" "$n" <"$in" >"$T/$v.out" 2>"$T/$v.err"
	echo $? >"$T/$v.rc"
done
report_expect "$(meson_report "$T/auto" -cxx)" stdlib-hardening "on assertions"
report_expect "$(meson_report "$T/auto")" stdlib-hardening "unsupported -"
grep -- '-o words.p/words.cc.o ' "$T/auto.ninja.log" | grep -q -- ' -D_GLIBCXX_ASSERTIONS ' ||
	fail "no -D_GLIBCXX_ASSERTIONS on the compile of words.cc"
[ "$(cat "$T/auto.rc")" = 134 ] || fail "words $n out of range: exit $(cat "$T/auto.rc"), want 134 (SIGABRT)"
grep -q "Assertion '__n < this->size()' failed" "$T/auto.err" || fail "no libstdc++ assertion message: $(cat "$T/auto.err")"
report_expect "$(meson_report "$T/disabled" -cxx)" stdlib-hardening "off -"
[ "$(cat "$T/disabled.rc")" = 0 ] || fail "disabled: words $n exited $(cat "$T/disabled.rc"): $(cat "$T/disabled.err")"
grep -qx '[0-9][0-9]*' "$T/disabled.out" || fail "disabled: words $n printed: $(cat "$T/disabled.out")"
grep -q -- '-D_GLIBCXX_ASSERTIONS' "$T/disabled.ninja.log" && fail "disabled: -D_GLIBCXX_ASSERTIONS on a command line"
echo ok
