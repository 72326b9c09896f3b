#!/bin/sh
# cxx-compile-commands.sh - --compile-commands with the report of
# harden-flags --lang=c++ checks the C++ compile commands (.cc, .cpp, .cxx,
# .C) against the C++ flags, stdlib-hardening's -D_GLIBCXX_ASSERTIONS
# included, and leaves the C ones to the C report, which in turn leaves the
# C++ ones alone: each language against its own compiler's flags.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc g++
CXX=g++ CXXFLAGS=-O2 sh "$S/catalog/harden-flags" --lang=c++ >"$T/report-cxx" || fail "harden-flags --lang=c++ failed"
CC=gcc CFLAGS=-O2 sh "$S/catalog/harden-flags" >"$T/report-c" || fail "harden-flags failed"
cppflags=$(report_key "$T/report-cxx" cppflags)
cxxflags=$(report_key "$T/report-cxx" cflags)
case " $cppflags " in *" -D_GLIBCXX_ASSERTIONS "*) ;; *) fail "no -D_GLIBCXX_ASSERTIONS in the C++ report: $cppflags" ;; esac
no_assert=$(echo "$cppflags" | sed 's/-D_GLIBCXX_ASSERTIONS//')
{
	echo '['
	printf '  {"directory": "/src", "file": "a.cc", "command": "g++ %s %s -c a.cc"},\n' "$cppflags" "$cxxflags"
	printf '  {"directory": "/src", "file": "b.cpp", "command": "g++ %s %s -c b.cpp"},\n' "$no_assert" "$cxxflags"
	printf '  {"directory": "/src", "file": "c.C", "command": "g++ %s %s -U_GLIBCXX_ASSERTIONS -c c.C"},\n' "$cppflags" "$cxxflags"
	printf '  {"directory": "/src", "file": "d.c", "command": "gcc -O2 -c d.c"}\n'
	echo ']'
} >"$T/db.json"
"$AUDIT" --compile-commands "$T/db.json" --report "$T/report-cxx" 2>"$T/err"
[ $? -eq 1 ] || fail "C++ commands without the assertions pass: $(cat "$T/err")"
grep -q 'b.cpp: compiled without -D_GLIBCXX_ASSERTIONS (stdlib-hardening)' "$T/err" ||
	fail "b.cpp not named: $(cat "$T/err")"
grep -q 'c.C: -D_GLIBCXX_ASSERTIONS undone later on its command line (stdlib-hardening turned off)' "$T/err" ||
	fail "c.C not named: $(cat "$T/err")"
grep -q 'a.cc\|d.c' "$T/err" && fail "a.cc or the C command named: $(cat "$T/err")"
grep -q ': 3 C++ compile commands checked against .*: 2 without' "$T/err" || fail "summary: $(cat "$T/err")"
# The C report: d.c only.
"$AUDIT" --compile-commands "$T/db.json" --report "$T/report-c" 2>"$T/err"
[ $? -eq 1 ] || fail "d.c passes the C report"
grep -q 'd.c: compiled without' "$T/err" && ! grep -q '\.cc\|\.cpp\|c\.C' "$T/err" ||
	fail "C report: $(cat "$T/err")"
grep -q ': 1 C compile commands checked against' "$T/err" || fail "C summary: $(cat "$T/err")"
echo "cxx-compile-commands: ok"
