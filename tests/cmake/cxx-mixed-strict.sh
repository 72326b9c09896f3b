#!/bin/sh
# Mixed compiler families at the strict level, where each family has flags
# of its own (gcc: -fzero-call-used-regs; clang: -fsanitize-trap=bounds,
# clang 14's auto-var-init enabler): with CC=gcc CXX=clang++ and CC=clang
# CXX=g++, the example's C compile lines carry exactly the C report's
# flags, the C++ compile lines the C++ report's, and the links those of the
# language that drives them (tallyxx: C++ with a C object; libtally: C),
# never a flag of the other report.  The programs build, run, and readelf
# finds a canary, PIE and full RELRO in words and tallyxx.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ clang clang++ readelf ctest
audit_tool

for pair in gcc,clang++ clang,g++; do
	cc=${pair%,*} cxx=${pair#*,}
	b=$T/$cc-$cxx
	CC=$cc CXX=$cxx cxx_example "$b" -DHARDENING=strict -DHARDEN_AUDIT="$AUDIT"
	c=$b/harden-report.txt x=$b/harden-report-cxx.txt
	[ "$(report_key "$c" level)" = strict ] && [ "$(report_key "$x" level)" = strict ] || fail "$pair: not the strict level"
	case " $(report_key "$c" traits) " in *" lang=c "*) ;; *) fail "$pair: C traits $(report_key "$c" traits)" ;; esac
	case " $(report_key "$x" traits) " in *" lang=c++ "*) ;; *) fail "$pair: C++ traits $(report_key "$x" traits)" ;; esac
	# The two reports differ: otherwise this test would prove nothing.
	[ "$(report_key "$c" cflags)" != "$(report_key "$x" cflags)" ] || fail "$pair: the same cflags in both reports"
	cmake_build "$b"
	log=$b.build.log
	assert_line_flags "$pair: words.cc" "$(build_line "$log" ' -c [^ ]*/words\.cc$')" "$x" "$c" cppflags cflags exe_cflags
	assert_line_flags "$pair: tallyxx.cc" "$(build_line "$log" ' -c [^ ]*/tallyxx\.cc$')" "$x" "$c" cppflags cflags exe_cflags
	assert_line_flags "$pair: tally.c of tallyxx" "$(build_line "$log" 'tallyxx\.dir/.* -c [^ ]*/tally\.c$')" "$c" "$x" cppflags cflags exe_cflags
	assert_line_flags "$pair: main.c" "$(build_line "$log" ' -c [^ ]*/main\.c$')" "$c" "$x" cppflags cflags exe_cflags
	assert_line_flags "$pair: tally.c of libtally" "$(build_line "$log" 'tally\.dir/.* -c [^ ]*/tally\.c$')" "$c" "$x" cppflags cflags
	assert_line_flags "$pair: link of words" "$(build_line "$log" ' -o words ')" "$x" "$c" ldflags exe_ldflags
	assert_line_flags "$pair: link of tallyxx" "$(build_line "$log" ' -o tallyxx ')" "$x" "$c" ldflags exe_ldflags
	assert_line_flags "$pair: link of tally" "$(build_line "$log" ' -o tally ')" "$c" "$x" ldflags exe_ldflags
	assert_line_flags "$pair: link of libtally" "$(build_line "$log" ' -shared ')" "$c" "$x" ldflags
	for p in words tallyxx; do
		f=$b/$p
		elf_has_canary "$f" || fail "$pair: $p has no __stack_chk_fail"
		elf_is_pie "$f" || fail "$pair: $p is not PIE"
		elf_has_relro "$f" && elf_has_now "$f" || fail "$pair: $p lacks full RELRO"
	done
	# The programs run (words, tallyxx, tally) and harden-audit (the run's
	# one) proves the expectation on all of them (clang++'s plain
	# printf-family imports included).
	run "$b.ctest.log" ctest --test-dir "$b" --output-on-failure
	grep -q '100% tests passed, 0 tests failed out of 4' "$b.ctest.log" || fail "$pair: the tests did not all pass: $(grep -i fail "$b.ctest.log" | head -n 3)"
done
exit 0
