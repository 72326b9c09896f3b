#!/bin/sh
# stdlib-hardening reaches the C++ objects with gcc/g++: words.cc is compiled
# with -D_GLIBCXX_ASSERTIONS (the C files are not), and "words N" with N out
# of range aborts (SIGABRT: 134 from sh) with libstdc++'s message, while
# -DHARDENING_STDLIB_HARDENING=OFF gives -U_GLIBCXX_ASSERTIONS and a
# program that reads past the end without stopping.  The example's audit
# test passes on tally, libtally, words and tallyxx with the expectation of
# both languages (the run's harden-audit; OFF reconfigures the same tree).
# Before, the same configure's probes (with CC and CXX wrappers that
# record each run on the probes, and when it started): the C and C++
# probes run at the same time (both drivers' compiler runs, interleaved in
# time), and a reconfigure with unchanged inputs runs neither (no compiler
# run, both reports say runs=0); a changed CMAKE_CXX_FLAGS probes C++
# again, and C stays cached; CMAKE_CXX_STANDARD reaches the C++ probe.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf ctest
audit_tool

words_at() { printf 'one two three\n' | "$1" "$2" >"$T/words.out" 2>&1; }

for w in gcc g++; do
	cat >"$T/$w" <<EOT
#!/bin/sh
case " \$* " in *" $S/catalog/"* | *"/harden-flags."*) echo "\$(date +%s%N) \$*" >>"$T/$w.runs" ;; esac
exec $w "\$@"
EOT
	chmod +x "$T/$w"
done
b=$T/build
CC=$T/gcc CXX=$T/g++ cxx_example "$b" -DHARDEN_AUDIT="$AUDIT"
c=$b/harden-report.txt x=$b/harden-report-cxx.txt
grep -q "Probing hardening flags (C, C++) - done (C: $standard_runs, C++: $standard_runs compiler runs)" "$b.configure.log" ||
	fail "not one probe step for both: $(grep Probing "$b.configure.log")"
[ "$(wc -l <"$T/gcc.runs")" -ge 5 ] && [ "$(wc -l <"$T/g++.runs")" -ge 5 ] || fail "too few runs on the probes"
# Concurrent: each language's first probe run precedes the other's last.
first() { sort -n "$1" | sed -n '1s/ .*//p'; }
last() { sort -n "$1" | sed -n '$s/ .*//p'; }
[ "$(first "$T/gcc.runs")" -lt "$(last "$T/g++.runs")" ] && [ "$(first "$T/g++.runs")" -lt "$(last "$T/gcc.runs")" ] ||
	fail "the C and C++ probes ran one after the other"
cp "$T/gcc.runs" "$T/c1"
cp "$T/g++.runs" "$T/x1"

run "$T/re1.log" cmake "$b"
run "$T/re2.log" cmake "$b" -DBUILD_TESTING=OFF
cmp -s "$T/gcc.runs" "$T/c1" && cmp -s "$T/g++.runs" "$T/x1" || fail "a reconfigure ran a compiler on the probes"
grep -q 'Probing hardening flags' "$T/re2.log" && fail "the probe step ran"
for r in "$c" "$x"; do
	[ "$(report_key "$r" runs)" = 0 ] || fail "cached: $r says runs=$(report_key "$r" runs)"
done
grep -q 'stdlib-hardening - on: assertions: -D_GLIBCXX_ASSERTIONS (cached)$' "$T/re2.log" || fail "no cached C++ summary"

run "$T/re3.log" cmake "$b" -DCMAKE_CXX_FLAGS=-g -DBUILD_TESTING=ON
grep -q "Probing hardening flags (C++) - done (C++: $standard_runs compiler runs)" "$T/re3.log" || fail "a changed CMAKE_CXX_FLAGS did not probe C++ alone"
cmp -s "$T/gcc.runs" "$T/c1" || fail "the C probes ran again"
cmp -s "$T/g++.runs" "$T/x1" && fail "the C++ probes did not run"
[ "$(report_key "$c" runs)" = 0 ] && [ "$(report_key "$x" runs)" = "$standard_runs" ] || fail "runs: C $(report_key "$c" runs), C++ $(report_key "$x" runs)"

# stdlib-hardening.
report_expect "$b/harden-report-cxx.txt" stdlib-hardening "on assertions"
report_expect "$b/harden-report.txt" stdlib-hardening "unsupported -"
cmake_build "$b"
build_line "$b.build.log" ' -c [^ ]*/words\.cc$' | grep -q -- ' -D_GLIBCXX_ASSERTIONS ' || fail "words.cc without -D_GLIBCXX_ASSERTIONS"
grep -- ' -c [^ ]*\.c$' "$b.build.log" | grep -q -- '_GLIBCXX_ASSERTIONS' && fail "a C compile line has _GLIBCXX_ASSERTIONS"
elf_has_sym "$b/words" _ZSt21__glibcxx_assert_failPKciS0_S0_ || fail "words does not import std::__glibcxx_assert_fail"
words_at "$b/words" 2 || fail "words 2 failed: $(cat "$T/words.out")"
[ "$(cat "$T/words.out")" = 3 ] || fail "words 2 printed $(cat "$T/words.out")"
words_at "$b/words" 3
rc=$?
[ $rc = 134 ] || fail "words 3 exited $rc with the assertions on, want 134 (SIGABRT)"
grep -q "Assertion '__n < this->size()' failed" "$T/words.out" || fail "no libstdc++ assertion message: $(cat "$T/words.out")"

run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
grep -q '100% tests passed, 0 tests failed out of 4' "$T/ctest.log" || fail "the example's tests did not all pass"
cmake_audit_test_passes "$b" tally-audit
grep -q "Test command: .*\"$b/words\" \"$b/tallyxx\"\$" "$b.tally-audit.log" || fail "the audit test does not cover words and tallyxx"

cmake_configure "$b" "$S/examples/cmake" -DHARDENING_STDLIB_HARDENING=OFF
report_expect "$b/harden-report-cxx.txt" stdlib-hardening "off -"
cmake_build "$b"
build_line "$b.build.log" ' -c [^ ]*/words\.cc$' | grep -q -- ' -U_GLIBCXX_ASSERTIONS ' || fail "OFF: words.cc without -U_GLIBCXX_ASSERTIONS"
words_at "$b/words" 3 || fail "OFF: words 3 exited $? ($(cat "$T/words.out"))"
grep -Eqx '[0-9]+' "$T/words.out" || fail "OFF: words 3 printed $(cat "$T/words.out")"
# The language standard is the builder's: CMAKE_CXX_STANDARD reaches the
# C++ probe as CMake gives it to every target (-std=gnu++11).
cmake_configure "$b" "$S/examples/cmake" -DHARDENING_STDLIB_HARDENING=AUTO -DCMAKE_CXX_STANDARD=11
grep -q -- ' -std=gnu++11 ' "$T/g++.runs" || fail "CMAKE_CXX_STANDARD=11 did not reach the C++ probe"
grep -q -- '-std=' "$T/gcc.runs" && fail "a C++ standard reached the C probe"
report_expect "$b/harden-report-cxx.txt" stdlib-hardening "on assertions"
exit 0
