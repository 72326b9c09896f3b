#!/bin/sh
# A mixed C/C++ project with compilers of two families (gcc with clang++,
# clang with g++) at the strict level, where each family has flags the
# other rejects: it builds and runs, and in `ninja -v` every harden flag on
# a C line is in the C report, every one on a C++ line in the C++ report
# (words, C++ only, has them all; tallyxx, C++ and C, each object its own
# language's, its C object from a static library of its own).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ clang clang++
meson_parent_cxx_with_copy "$T/p"
# report_words REPORT: the flags of every list of REPORT, one a line.
report_words() {
	for k in cppflags cflags exe_cflags ldflags exe_ldflags; do
		report_key "$1" $k
	done | tr ' ' '\n' | sed '/^$/d' | sort -u
}
for pair in gcc:clang++ clang:g++; do
	cc=${pair%:*} cxx=${pair#*:} b=$T/b-$cc
	CC=$cc CXX=$cxx meson_setup "$T/p" "$b" --buildtype=release -Dharden:hardening=strict
	report_words "$(meson_report "$b")" >"$b.c-flags"
	report_words "$(meson_report "$b" -cxx)" >"$b.cxx-flags"
	cmp -s "$b.c-flags" "$b.cxx-flags" && fail "$pair: the C and C++ reports have the same flags (no family difference to test)"
	sort -u "$b.c-flags" "$b.cxx-flags" >"$b.all-flags"
	run "$b.ninja.log" ninja -C "$b" -v
	# Each compile or link line: the harden flags on it, against its
	# language's report (named by the compiler it runs).
	sed -n 's/^\[[0-9]*\/[0-9]*\] //p' "$b.ninja.log" | while read -r tool words; do
		case $tool in
		"$cc") lang=c ;;
		"$cxx") lang=cxx ;;
		*) continue ;;
		esac
		for w in $words; do
			grep -qxF -- "$w" "$b.all-flags" && ! grep -qxF -- "$w" "$b.$lang-flags" &&
				echo "$w (not in the $lang report) on: $tool $words"
		done
		echo "$lang"
	done >"$b.lines"
	grep ' on: ' "$b.lines" && fail "$pair: a flag of the other language's report"
	grep -qx c "$b.lines" && grep -qx cxx "$b.lines" || fail "$pair: no C or no C++ command in ninja -v"
	# words gets every compile flag of the C++ report, strict ones too.
	for w in $(report_key "$(meson_report "$b" -cxx)" cflags); do
		grep -- "-o words.p/words.cc.o " "$b.ninja.log" | grep -q -- " $w " || fail "$pair: $w not on the compile of words.cc"
	done
	[ "$("$b/words" <"$S/examples/meson/input.txt" | tail -n 1)" = "7 distinct" ] || fail "$pair: words does not run"
	"$b/tallyxx" <"$S/examples/meson/input.txt" >"$b.tallyxx.out" || fail "$pair: tallyxx does not run"
	"$b/tally" <"$S/examples/meson/input.txt" | cmp -s - "$b.tallyxx.out" || fail "$pair: tallyxx and tally differ"
done
echo ok
