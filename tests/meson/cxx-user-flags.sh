#!/bin/sh
# The builder's CXXFLAGS win on C++ lines: with CXXFLAGS=-fno-stack-protector
# -U_FORTIFY_SOURCE the C++ report leaves both features to the builder, no
# -fstack-protector-strong or -D_FORTIFY_SOURCE=3 reaches a C++ line (words
# has no canary), each builder flag is there once; the C targets (harden-c,
# probed with the C flags) keep both.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
CC=gcc CXX=g++ CXXFLAGS="-fno-stack-protector -U_FORTIFY_SOURCE" meson_setup "$T/p" "$T/b" --buildtype=release
run "$T/ninja.log" ninja -C "$T/b" -v
r=$(meson_report "$T/b" -cxx)
for f in stack-protector fortify-source; do
	[ "$(report_state "$r" $f)" = builder ] || fail "C++ $f: $(report_state "$r" $f) $(report_reason "$r" $f)"
done
grep '^\[.*\] g++ .* -c ' "$T/ninja.log" >"$T/cxx-lines"
[ "$(wc -l <"$T/cxx-lines")" = 2 ] || fail "not two C++ compiles: $(cat "$T/cxx-lines")"
while read -r line; do
	for w in -fno-stack-protector -U_FORTIFY_SOURCE; do
		[ "$(echo "$line" | tr ' ' '\n' | grep -cxF -- "$w")" = 1 ] || fail "$w not once in: $line"
	done
	case " $line " in
	*" -fstack-protector-strong "* | *" -D_FORTIFY_SOURCE=3 "*) fail "harden's flag on a C++ line: $line" ;;
	esac
done <"$T/cxx-lines"
grep '^\[.*\] gcc .* -c ' "$T/ninja.log" | grep -v -e tallyxx -e ' -fstack-protector-strong ' &&
	fail "a C target without the C probe's -fstack-protector-strong"
elf_has_canary "$T/b/words" && fail "words calls __stack_chk_fail despite CXXFLAGS"
elf_has_canary "$T/b/tally" || fail "tally (C) has no canary"
echo ok
