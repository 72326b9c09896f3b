#!/bin/sh
# C++ enabled after include(Harden) (expat enables it for its tests halfway
# down) is probed when first needed: by harden_target(), by
# harden_add_audit_test(), or at the end of the top directory when only
# Harden::Harden is linked.  Each way: one summary per language, the C++
# report, the C++ program hardened with the C++ flags (-D_GLIBCXX_ASSERTIONS
# on its compile line; harden_target's a C++ exception without the canary,
# its reason in harden-except-words-cxx.txt), and the audit test, made before the probe in the
# third project, passes with what both languages prove.  (The projects
# configure one build tree in turn: the probes run once.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ clang++ readelf ninja ctest

n=0
# Each case: the call before enable_language(CXX)|the call after it.
for calls in '|' '|harden_target(words EXCEPT stack-protector REASON "reads its own stack")' 'harden_add_audit_test(audit tally)|'; do
	n=$((n + 1))
	before=${calls%%|*} after=${calls#*|}
	call=${before:-${after:-Harden::Harden}}
	p=$T/proj
	rm -rf "$p" && mkdir -p "$p"
	link='target_link_libraries(words PRIVATE Harden::Harden)'
	[ -n "$after" ] && link=
	cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.19)
project(late C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
enable_testing()
add_executable(tally "$S/examples/autotools/src/main.c" "$S/examples/autotools/src/tally.c")
target_include_directories(tally PRIVATE "$S/examples/autotools/src")
target_link_libraries(tally PRIVATE Harden::Harden)
$before
enable_language(CXX)
add_executable(words "$S/examples/autotools/src/words.cc")
$link
$after
EOT
	b=$T/b cxx=g++
	[ -n "$before" ] && b=$T/b3 cxx=clang++
	CC=gcc CXX=$cxx cmake -S "$p" -B "$b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
		>"$T/late$n.log" 2>&1 || { cat "$T/late$n.log"; fail "$call: configure failed"; }
	for lang in C C++; do
		[ "$(grep -c -F -- "-- Hardening $lang (level standard) - " "$T/late$n.log")" = 1 ] ||
			{ cat "$T/late$n.log"; fail "$call: not one summary of $lang"; }
	done
	[ -f "$b/harden-report-cxx.txt" ] || fail "$call: no C++ report"
	run "$T/build$n.log" ninja -C "$b"
	grep '"file": ".*words.cc"' -B3 "$b/compile_commands.json" | grep -q -- '-D_GLIBCXX_ASSERTIONS' ||
		fail "$call: words.cc was compiled without the C++ flags"
	if [ -n "$after" ]; then	# a C++ exception: no canary, the rest kept
		grep -q '^detail stack-protector exception: reads its own stack' "$b/harden-except-words-cxx.txt" ||
			fail "harden-except-words-cxx.txt: $(grep 'stack-protector' "$b/harden-except-words-cxx.txt")"
		elf_has_canary "$b/words" && fail "words has a canary"
		elf_is_pie "$b/words" && elf_has_relro "$b/words" && elf_has_now "$b/words" && elf_has_chk "$b/words" ||
			fail "words lost more than its canary"
	elif [ $cxx = g++ ]; then
		assert_hardened_program "$b/words"
	else	# no fortifiable call in a clang++ words (flags/cxx.sh)
		elf_has_canary "$b/words" && elf_is_pie "$b/words" && elf_has_relro "$b/words" && elf_has_now "$b/words" ||
			fail "clang++: words is not hardened"
	fi
	assert_hardened_program "$b/tally"
done
# The audit test made before the C++ probe: clang++ leaves fortify-source out.
grep -q '^audit_expect=stack-protector,pie,' "$b/harden-report-cxx.txt" ||
	fail "clang++: $(grep audit_expect= "$b/harden-report-cxx.txt")"
grep -q -- '"--expect" "stack-protector,pie,relro,bind-now,noexecstack"' "$b/CTestTestfile.cmake" ||
	fail "the audit test does not expect what both languages prove: $(grep -o -- '"--expect" "[^"]*"' "$b/CTestTestfile.cmake")"
run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
exit 0
