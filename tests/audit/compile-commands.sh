#!/bin/sh
# compile-commands.sh - --compile-commands FILE --report REPORT checks the
# build's own compile commands (compile_commands.json, as Meson and CMake
# write it) against harden's report: every C compile command carries the
# flags the report calls on, none undone later on its line (blhc's idea, for
# any compiler); each one that does not is named with the flag, exit 1; a
# file that is not a compilation database is exit 2.  --report-for
# DIR=REPORT checks a target's commands against its exception's report.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc
CC=gcc CFLAGS="-O2" sh "$S/catalog/harden-flags" >"$T/report" || fail "harden-flags failed"
cppflags=$(report_key "$T/report" cppflags)
cflags=$(report_key "$T/report" cflags)
[ -n "$cppflags" ] && [ -n "$cflags" ] || fail "no flags in the report"
# db FILE ENTRIES...: a compilation database of "command" entries.
db() {
	out=$1
	shift
	{
		echo '['
		sep=
		for e do
			printf '%s  {"directory": "/src", "file": "%s", "command": "%s"}' "$sep" "${e%%|*}" "${e#*|}"
			sep=',
'
		done
		echo
		echo ']'
	} >"$out"
}
db "$T/good.json" "a.c|gcc $cppflags $cflags -O2 -c a.c -o a.o" \
	"b.cc|g++ -O2 -c b.cc -o b.o" "c.S|gcc -c c.S"
"$AUDIT" --compile-commands "$T/good.json" --report "$T/report" 2>"$T/err" ||
	fail "a hardened command fails: $(cat "$T/err")"
grep -q ': 1 C compile commands checked against .*: 0 without' "$T/err" || fail "summary: $(cat "$T/err")"

# One unit that escaped the flags, one that undoes a flag later, one with
# clang's split -D: the first two fail, each named with its flag.
split=$(echo "$cppflags" | sed 's/-D_FORTIFY/-D _FORTIFY/')
db "$T/bad.json" "a.c|gcc $cppflags $cflags -c a.c" \
	"escaped.c|gcc -O2 -c escaped.c" \
	"undone.c|gcc $cppflags $cflags -fno-stack-protector -c undone.c" \
	"split.c|clang $split $cflags -c split.c"
"$AUDIT" --compile-commands "$T/bad.json" --report "$T/report" 2>"$T/err"
[ $? -eq 1 ] || fail "unhardened commands pass: $(cat "$T/err")"
grep -q 'escaped.c: compiled without -fstack-protector-strong (stack-protector)' "$T/err" ||
	fail "escaped.c not named: $(cat "$T/err")"
grep -q 'undone.c: -fstack-protector-strong undone later on its command line (stack-protector turned off)' "$T/err" ||
	fail "undone.c not named: $(cat "$T/err")"
grep -q 'split.c' "$T/err" && fail "clang's -D NAME not read as one flag: $(cat "$T/err")"
grep -q ': 4 C compile commands checked against .*: 2 without' "$T/err" || fail "summary: $(cat "$T/err")"

# "arguments" arrays, quoting and escapes as CMake and Meson write them.
printf '[{"directory": "/s", "file": "/s/q d.c", "arguments": ["gcc"%s, "-c", "/s/q d.c"]},\n {"file": "e.c", "command": "gcc %s -DX=\\"a b\\" -c '"'"'e.c'"'"'"}]\n' \
	"$(for w in $cppflags $cflags; do printf ', "%s"' "$w"; done)" "$cppflags $cflags" >"$T/args.json"
"$AUDIT" --compile-commands "$T/args.json" --report "$T/report" 2>"$T/err" ||
	fail "arguments/quoting: $(cat "$T/err")"
grep -q ": 2 C compile commands checked against .*: 0 without" "$T/err" || fail "arguments/quoting: $(cat "$T/err")"

# Not a compilation database: exit 2 naming the file; options go together.
printf '[{"file": "a.c", "command": "gcc' >"$T/cut.json"
"$AUDIT" --compile-commands "$T/cut.json" --report "$T/report" 2>"$T/err"
[ $? -eq 2 ] || fail "a cut file is not exit 2"
grep -q 'cut.json: not a compilation database' "$T/err" || fail "message: $(cat "$T/err")"
"$AUDIT" --compile-commands "$T/good.json" 2>/dev/null
[ $? -eq 2 ] || fail "--compile-commands without --report is not a usage error"

# --report-for DIR=REPORT: the commands whose object is in DIR are checked
# against REPORT (a target's exception), and only against it.
CC=gcc CFLAGS="-O2" sh "$S/catalog/harden-flags" --except=stack-protector --reason=test >"$T/except" ||
	fail "harden-flags --except failed"
db "$T/ex.json" "a.c|gcc $cppflags $cflags -c a.c -o a.o" \
	"x.c|gcc $(report_key "$T/except" cppflags) $(report_key "$T/except" cflags) -c x.c -o interp.dir/x.o"
"$AUDIT" --compile-commands "$T/ex.json" --report "$T/report" 2>"$T/err"
[ $? -eq 1 ] && grep -q 'x.c: compiled without -fstack-protector-strong' "$T/err" ||
	fail "the control: x.c passes against the project's report: $(cat "$T/err")"
"$AUDIT" --compile-commands "$T/ex.json" --report "$T/report" --report-for /src/interp.dir="$T/except" 2>"$T/err" ||
	fail "--report-for: $(cat "$T/err")"
grep -q ": 1 C compile commands checked against $T/report: 0 without" "$T/err" &&
	grep -q ": 1 C compile commands checked against $T/except: 0 without" "$T/err" || fail "--report-for: $(cat "$T/err")"
"$AUDIT" --compile-commands "$T/ex.json" --report-for /src/interp.dir/="$T/report" 2>"$T/err"
[ $? -eq 1 ] && grep -q 'x.c: compiled without' "$T/err" && ! grep -q 'a.c' "$T/err" ||
	fail "--report-for alone, against the project's report: $(cat "$T/err")"
"$AUDIT" --compile-commands "$T/ex.json" --report "$T/report" --report-for /src/none.dir="$T/except" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no compile command of the --objects-in directories' "$T/err" ||
	fail "--report-for a directory without commands: $(cat "$T/err")"
"$AUDIT" --compile-commands "$T/ex.json" --report-for /src/interp.dir 2>"$T/err"
[ $? -eq 2 ] && grep -q 'want DIR=REPORT' "$T/err" || fail "--report-for without a report: $(cat "$T/err")"
echo ok
