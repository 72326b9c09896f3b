#!/bin/sh
# gcc and g++ at the standard level, release build, a mixed C and C++
# parent: one setup and one build, then reconfigures.
#  * The C and C++ probes run at the same time: compiler runs of the two
#    interleave (one after the other, every C run would come before every
#    C++ one), and the run files of the background probe are gone after.
#  * The C++ programs, words (C++ only, harden-cpp-exe) and tallyxx (C++
#    and C, each object its language's dependency), have a canary, PIE,
#    full RELRO and an NX stack, read with readelf; tallyxx's C object is
#    fortified; both run.  harden-audit is not built (the parent has no
#    audit test).
#  * stdlib-hardening with libstdc++: on (C++ report only), only on C++
#    lines, on the compile of words, and `words N` with N out of range
#    aborts (SIGABRT) with libstdc++'s message.
#  * Each language has its cache (harden-cache.txt, harden-cache-cxx.txt):
#    a reconfigure runs no compiler for either, and a changed cpp_args
#    probes C++ again, not C.
#  * cpp_std reaches the C++ probe (-std=c++11: stdlib-hardening on).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
# A wrapper per compiler: a line per compile of harden's probes, which
# last a little longer, so that an overlap cannot be missed.
for c in gcc g++; do
	cat >"$T/$c-wrap" <<EOS
#!/bin/sh
case " \$* " in
*/catalog/*|*/harden-flags.*) echo $c >>"$T/order"; sleep 0.1 ;;
esac
exec $c "\$@"
EOS
	chmod +x "$T/$c-wrap"
done
b=$T/b
CC="$T/gcc-wrap" CXX="$T/g++-wrap" meson_setup "$T/p" "$b" --buildtype=release
c=$(meson_report "$b") cxx=$(meson_report "$b" -cxx)
[ "$(report_key "$c" runs)" -gt 0 ] && [ "$(report_key "$cxx" runs)" -gt 0 ] || fail "the first configure ran no compiler"
first_cxx=$(grep -n -m 1 -x 'g++' "$T/order" | cut -d: -f1)
last_c=$(grep -n -x gcc "$T/order" | tail -n 1 | cut -d: -f1)
[ -n "$first_cxx" ] && [ -n "$last_c" ] || fail "no probe compiles recorded: $(cat "$T/order")"
[ "$first_cxx" -lt "$last_c" ] || fail "C++ probes began (line $first_cxx) after the C probes ended (line $last_c)"
ls "$b"/subprojects/harden/harden-run* 2>/dev/null && fail "run files left behind"
report_expect "$cxx" stdlib-hardening "on assertions"
report_expect "$c" stdlib-hardening "unsupported -"

run "$b.ninja.log" ninja -C "$b" -v
for f in words tallyxx; do
	elf_has_canary "$b/$f" || fail "$f: no __stack_chk_fail"
	elf_is_pie "$b/$f" || fail "$f: not PIE (type $(elf_type "$b/$f"))"
	elf_has_relro "$b/$f" && elf_has_now "$b/$f" || fail "$f: no full RELRO"
	elf_nx_stack "$b/$f" || fail "$f: stack not RW-only"
done
elf_has_chk "$b/tallyxx" || fail "tallyxx: no fortified __*_chk call"
[ -e "$b/subprojects/harden/meson/harden-audit" ] && fail "harden-audit built for a parent that does not use it"
in=$S/examples/meson/input.txt
"$b/words" <"$in" >"$T/words.out" || fail "words failed"
[ "$(tail -n 1 "$T/words.out")" = "7 distinct" ] || fail "words printed: $(cat "$T/words.out")"
"$b/tallyxx" <"$in" >"$T/tallyxx.out" || fail "tallyxx failed"
"$b/tally" <"$in" | cmp -s - "$T/tallyxx.out" || fail "tallyxx and tally differ"
# stdlib-hardening: the C compiles are the gcc wrapper's; harden-c's have
# no C++ macro (tallyxx's C object, through harden-exe, has it: inert).
grep '^\[.*\] [^ ]*/gcc-wrap .* -D_GLIBCXX_ASSERTIONS' "$b.ninja.log" | grep -v ' -o tallyxx\.p/' &&
	fail "-D_GLIBCXX_ASSERTIONS on a C line of harden-c"
grep -q '^\[.*\] [^ ]*/gcc-wrap .* -c ' "$b.ninja.log" || fail "no C compile in the build log"
grep -- '-o words.p/words.cc.o ' "$b.ninja.log" | grep -q -- ' -D_GLIBCXX_ASSERTIONS ' ||
	fail "no -D_GLIBCXX_ASSERTIONS on the compile of words.cc"
n=$("$b/words" <"$in" | sed -n 's/ distinct$//p')
[ -n "$n" ] || fail "words does not count"
"$b/words" "$n" <"$in" >"$T/oob.out" 2>"$T/oob.err"
rc=$?
[ $rc = 134 ] || fail "words $n out of range: exit $rc, want 134 (SIGABRT)"
grep -q "Assertion '__n < this->size()' failed" "$T/oob.err" || fail "no libstdc++ assertion message: $(cat "$T/oob.err")"

# The caches.
run "$T/re.log" meson setup --reconfigure "$b" "$T/p"
[ "$(report_key "$c" runs) $(report_key "$cxx" runs)" = "0 0" ] ||
	fail "the reconfigure ran compilers: C $(report_key "$c" runs), C++ $(report_key "$cxx" runs)"
[ "$(grep -c 'probe runs *: 0 compiler runs$' "$T/re.log")" = 2 ] || fail "the summaries do not both show 0 compiler runs"
run "$T/conf.log" meson configure "$b" -Dcpp_args=-O0
run "$T/re2.log" meson setup --reconfigure "$b" "$T/p"
[ "$(report_key "$c" runs)" = 0 ] || fail "changing cpp_args probed C again"
[ "$(report_key "$cxx" runs)" -gt 0 ] || fail "changing cpp_args did not probe C++ again"
report_expect "$cxx" fortify-source "unsupported -"
# The language standard is the builder's: cpp_std reaches the C++ probe
# (at setup: Meson 1.0's meson configure leaves a subproject's copy).
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b11" --buildtype=release -Dcpp_std=c++11
grep -q "CXXFLAGS=-O3 -std=c++11[' ]" "$T/b11/meson-logs/meson-log.txt" || fail "cpp_std=c++11 was not given to the C++ probe"
report_expect "$(meson_report "$T/b11" -cxx)" stdlib-hardening "on assertions"
echo ok
