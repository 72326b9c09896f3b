#!/bin/sh
# The builder's flags of each language win on that language's lines, in a
# mixed project (gcc and g++, release), one setup and one build:
#  * CXXFLAGS=-fno-stack-protector -U_FORTIFY_SOURCE: the C++ report leaves
#    both features to the builder, no -fstack-protector-strong or
#    -D_FORTIFY_SOURCE=3 reaches a C++ line (words has no canary), each
#    builder flag is there once; the C targets (harden-c, probed with the C
#    flags) keep the canary.
#  * C++ -fno-PIE and cpp_link_args=-no-pie: the C++ report leaves pie to
#    the builder, and words and tallyxx (harden-cpp-exe: the C++ compile
#    and the link) are not PIE, while the C program tally still is.
#  * CFLAGS=-O0 from the environment takes part in the C probe: C's
#    fortify-source is unsupported.
#  * -Dharden:stdlib_hardening=disabled: off in the C++ report, its flag on
#    no line, and `words N` reads past the end unchecked and prints a
#    number.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
b=$T/b
CC=gcc CXX=g++ CFLAGS=-O0 CXXFLAGS="-fno-stack-protector -U_FORTIFY_SOURCE -fno-PIE" \
	meson_setup "$T/p" "$b" --buildtype=release -Dcpp_link_args=-no-pie -Dharden:stdlib_hardening=disabled
run "$T/ninja.log" ninja -C "$b" -v
c=$(meson_report "$b") r=$(meson_report "$b" -cxx)
for f in stack-protector fortify-source pie; do
	[ "$(report_state "$r" $f)" = builder ] || fail "C++ $f: $(report_state "$r" $f) $(report_reason "$r" $f)"
done
report_expect "$c" fortify-source "unsupported -"
report_expect "$r" stdlib-hardening "off -"
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
grep -q -- '-D_GLIBCXX_ASSERTIONS' "$T/ninja.log" && fail "-D_GLIBCXX_ASSERTIONS on a command line"
elf_has_canary "$b/words" && fail "words calls __stack_chk_fail despite CXXFLAGS"
elf_has_canary "$b/tally" || fail "tally (C) has no canary"
for f in words tallyxx; do
	[ "$(elf_type "$b/$f")" = EXEC ] || fail "$f: type $(elf_type "$b/$f"), want EXEC (not PIE)"
done
elf_is_pie "$b/tally" || fail "tally (C) is not PIE"
in=$S/examples/meson/input.txt
n=$("$b/words" <"$in" | sed -n 's/ distinct$//p')
[ -n "$n" ] || fail "words does not count"
"$b/words" "$n" <"$in" >"$T/oob.out" 2>"$T/oob.err"
rc=$?
[ $rc = 0 ] || fail "words $n exited $rc: $(cat "$T/oob.err")"
grep -qx '[0-9][0-9]*' "$T/oob.out" || fail "words $n printed: $(cat "$T/oob.out")"
echo ok
