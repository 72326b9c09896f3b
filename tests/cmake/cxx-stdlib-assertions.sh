#!/bin/sh
# stdlib-hardening reaches the C++ objects with gcc/g++: words.cc is compiled
# with -D_GLIBCXX_ASSERTIONS (the C files are not), and "words N" with N out
# of range aborts (SIGABRT: 134 from sh) with libstdc++'s message, while
# -DHARDENING_STDLIB_HARDENING=OFF gives -U_GLIBCXX_ASSERTIONS and a
# program that reads past the end without stopping.  The example's audit
# test passes on tally, libtally, words and tallyxx with the expectation of
# both languages (the run's harden-audit; OFF reconfigures the same tree).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf ctest
audit_tool

words_at() { printf 'one two three\n' | "$1" "$2" >"$T/words.out" 2>&1; }

b=$T/on
CC=gcc CXX=g++ cxx_example "$b" -DHARDEN_AUDIT="$AUDIT"
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
exit 0
