#!/bin/sh
# Ninja Multi-Config with C and C++ (configurations Debug and Release): the
# four probes (each language in each configuration) run in one step, each
# into its own report; every compile line carries the flags of its
# language's report for its configuration and none of the other
# language's: Release's C++ line has -D_FORTIFY_SOURCE=3, Debug's none; the
# audit test of each configuration passes on the C and the C++ programs
# (with the run's harden-audit: its build per configuration is
# multi-config.sh's).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc g++ ninja readelf
audit_tool

b=$T/build
CC=gcc CXX=g++ cmake_configure "$b" "$EXAMPLE" -G "Ninja Multi-Config" -DTALLY_CXX=ON "-DCMAKE_CONFIGURATION_TYPES=Debug;Release" \
	-DHARDEN_AUDIT="$AUDIT"
grep -q '^-- Probing hardening flags (Debug C, Release C, Debug C++, Release C++) - done ' "$b.configure.log" ||
	fail "not one probing step for the four"
for r in harden-report-debug harden-report-release harden-report-cxx-debug harden-report-cxx-release; do
	[ -f "$b/$r.txt" ] || fail "no $r.txt"
done
report_expect "$b/harden-report-cxx-release.txt" fortify-source "on 3"
report_expect "$b/harden-report-cxx-debug.txt" fortify-source "unsupported -"
for c in Release Debug; do
	run "$b.$c.log" cmake --build "$b" --config "$c" -v
	lc=$(echo "$c" | tr A-Z a-z)
	keys="cppflags cflags exe_cflags"
	assert_line_flags "$c words.cc" "$(build_line "$b.$c.log" ' -c [^ ]*/words\.cc$')" \
		"$b/harden-report-cxx-$lc.txt" "$b/harden-report-$lc.txt" $keys
	assert_line_flags "$c main.c" "$(build_line "$b.$c.log" ' -c [^ ]*/main\.c$')" \
		"$b/harden-report-$lc.txt" "$b/harden-report-cxx-$lc.txt" $keys
done
for p in tally words tallyxx; do
	assert_hardened_program "$b/Release/$p"
	elf_is_pie "$b/Debug/$p" || fail "Debug's $p is not PIE"
	elf_has_now "$b/Debug/$p" || fail "Debug's $p has no BIND_NOW"
done
build_line "$b.Release.log" ' -c [^ ]*/words\.cc$' | grep -q -- ' -D_FORTIFY_SOURCE=3 ' || fail "Release's C++ line has no fortify"
grep -q -- '-D_FORTIFY_SOURCE' "$b.Debug.log" && fail "-D_FORTIFY_SOURCE on a Debug line"
elf_has_chk "$b/Release/tally" || fail "no __*_chk call in the Release program"
for c in Release Debug; do
	lc=$(echo "$c" | tr A-Z a-z)
	# The C and C++ programs: the features both reports prove.
	run "$b.audit-$c.log" ctest --test-dir "$b" -C "$c" -R '^tally-audit$' -V
	grep -q '100% tests passed, 0 tests failed out of 1$' "$b.audit-$c.log" || fail "the $c audit failed"
	e=$(report_key "$b/harden-report-$lc.txt" audit_expect)
	x=$(report_key "$b/harden-report-cxx-$lc.txt" audit_expect)
	[ "$e" = "$x" ] || note "C and C++ expectations differ in $c: $e / $x"
	grep -q "Test command: [^ ]*/harden-audit \"--expect\" \"$e\" .*\"$b/$c/words\"" "$b.audit-$c.log" ||
		fail "$c: not --expect $e on $c's words: $(grep 'Test command' "$b.audit-$c.log")"
done
exit 0
