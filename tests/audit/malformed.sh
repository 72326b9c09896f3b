#!/bin/sh
# malformed.sh - truncated, corrupted and hostile ELF files (overlapping
# headers, huge counts, offsets past the end, e_phnum/e_shnum overflow via
# extended numbering, oversized/truncated notes, dynamic section without
# DT_NULL, string offsets past the string table, broken DT_GNU_HASH) are
# rejected with exit status 2 and a message naming the file, under
# ASan+UBSan, without crash, leak or hang.  Random byte flips must not
# crash either (they may stay valid).  Files without section headers,
# which are read through DT_SYMTAB/DT_GNU_HASH, keep their verdicts.
# Static libraries likewise (gen_hostile_ar: truncated headers, sizes that
# are no number or run past the end, long names outside or without their
# table, two name tables, BSD names longer than the member; a member that
# is no ELF object fails on its own line), and random flips in their
# headers.
# Windows PE files likewise (gen_hostile_pe: truncated headers, e_lfanew
# out of range, huge NumberOfSections, import, relocation, debug and load
# configuration directories and COFF symbols pointing outside the file,
# import tables that lead into one another), from mingw-w64 programs when
# it is installed and from one synthetic image always.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
SAN="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CC=${HARDEN_CLANG:-clang}
have "$CC" || CC=gcc
build_audit CC="$CC" CFLAGS="$SAN -Wall -Wextra -Werror"
build_corpus

set --
for b in gcc-none gcc-standard gcc-static gcc-lib.so gcc-obj.o gcc-m32.o \
    gcc-m32-static-pie a64-be.so a64-ilp32-be.o gcc-clash-g clang-g-record; do
	[ -f "$T/corpus/$b" ] && set -- "$@" "$T/corpus/$b"
done
gen_hostile "$T/hostile" "$@" || fail "cannot generate hostile files"
set --
if have x86_64-w64-mingw32-gcc; then
	build_pe_corpus
	set -- "$T/pe/w-hard.exe" "$T/pe/w-hard.dll" "$T/pe/w-static.exe" \
	    "$T/pe/w-none-stripped.exe"
fi
gen_hostile_pe "$T/hostile" "$@" || fail "cannot generate hostile PE files"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1
bad=0
# audit_ok SECONDS ALLOWED-STATUSES FILE...: harden-audit -q on the
# files ends within SECONDS, without a sanitizer report, with one of the
# statuses (a list; rc is the status); else says why and returns 1.
audit_ok() {
	_ao_secs=$1 _ao_st=$2
	shift 2
	timeout "$_ao_secs" "$AUDIT" -q "$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -eq 124 ]; then
		echo "HANG: $*" >&2; return 1
	fi
	if grep -Eq 'Sanitizer|runtime error|LeakSanitizer' "$T/err"; then
		echo "SANITIZER: $*" >&2; head -20 "$T/err" >&2; return 1
	fi
	case " $_ao_st " in *" $rc "*) return 0 ;; esac
	echo "STATUS $rc (want $_ao_st): $*" >&2; cat "$T/err" >&2; return 1
}
run() { audit_ok 20 "$2" "$1" || bad=1; }	# run FILE ALLOWED-STATUSES

# run_batch ALLOWED-STATUSES FILE...: the files in one harden-audit (a
# process each would cost a minute of sanitizer start-ups for the flipped
# files); when that fails, each file on its own, to name it.
run_batch() {
	_allowed=$1
	shift
	audit_ok 60 "$_allowed" "$@" 2>"$T/batch.why" && return 0
	bad=1 _named=
	for _f; do audit_ok 20 "$_allowed" "$_f" || _named=yes; done
	[ -n "$_named" ] || { echo "BATCH: each file alone passes, together:" >&2; head -20 "$T/batch.why" >&2; }
}
# run_list ALLOWED-STATUSES LIST: run_batch over the files named in LIST, 50 at a time.
run_list() {
	_allowed=$1 _list=$2
	set --
	while read -r _f; do
		set -- "$@" "$_f"
		[ $# -lt 50 ] || { run_batch "$_allowed" "$@"; set --; }
	done <"$_list"
	[ $# -eq 0 ] || run_batch "$_allowed" "$@"
}

# reject_one FILE: FILE alone is rejected (exit 2) with a message naming it.
reject_one() {
	run "$1" 2
	[ $rc -eq 2 ] && ! grep -qF "$1: " "$T/err" &&
		{ echo "no message naming $1" >&2; bad=1; }
}
# reject_batch FILE...: the files in one harden-audit -j (a process each
# would cost a minute of sanitizer start-ups): exit 2, each file an error
# entry of the JSON and named by a message; when not, each file on its
# own, to name it.
reject_batch() {
	if audit_ok 60 2 -j "$@" 2>"$T/batch.why" &&
	    python3 -c 'import json, sys
entries = json.load(open(sys.argv[1]))
want = sys.argv[2:]
sys.exit(not ([e["file"] for e in entries] == want and all("error" in e for e in entries)))' "$T/out" "$@"; then
		_unnamed=
		for _f; do grep -qF "harden-audit: $_f: " "$T/err" || _unnamed=yes; done
		[ -n "$_unnamed" ] || return 0
	fi
	for _f; do reject_one "$_f"; done
}
n=0
set --
while read -r f; do
	n=$((n + 1))
	set -- "$@" "$f"
	[ $# -lt 50 ] || { reject_batch "$@"; set --; }
done <"$T/hostile/REJECT"
[ $# -eq 0 ] || reject_batch "$@"
for f in "$T"/hostile/*flip* "$T"/hostile/*.pe-import-shared-lookup; do
	[ -f "$f" ] && echo "$f"
done >"$T/flipped"
run_list '0 2' "$T/flipped"
[ $bad -eq 0 ] || fail "malformed input mishandled (see above)"
# Import tables that lead into one another are refused by the bound on
# the walk, not by the time limit.
run "$T/hostile/synthetic.name-loop" 2
grep -q 'synthetic.name-loop: import lookup tables overlap' "$T/err" ||
	{ cat "$T/err"; fail "synthetic.name-loop: not refused as overlapping"; }

# Without section headers: same header/dynamic/symbol verdicts (TYPE to
# TEXTREL, FORTIFY, CET, BTI, RPATH) as the original; the command-line ones
# may become unknown, since .GCC.command.line and DWARF need sections.
cols="TYPE PIE RELRO NOW NX RWX TEXTREL FORTIFY CET BTI RPATH"
while read -r orig stripped; do
	a=$(audit_cols "$orig" $cols)
	b=$(audit_cols "$stripped" $cols)
	[ -n "$a" ] && [ "$a" = "$b" ] ||
		fail "$stripped: verdicts without section headers differ: '$a' vs '$b'"
done <"$T/hostile/VALID"

# Archives: a broken walk is the archive's error, a broken member its own.
gen_hostile_ar "$T/hostile-ar" "$T/corpus/gcc-obj.o" "$T/corpus/gcc-m32.o" ||
	fail "cannot generate hostile archives"
nar=0
while read -r f; do
	nar=$((nar + 1))
	reject_one "$f"
done <"$T/hostile-ar/AR-REJECT"
while read -r f; do
	nar=$((nar + 1))
	run "$f" 2
	grep -qF "$f(" "$T/err" || { echo "no message naming a member of $f" >&2; bad=1; }
	"$AUDIT" "$f" 2>/dev/null | grep -qF "$f(short.o)" ||
		{ echo "$f: the good member is not reported" >&2; bad=1; }
done <"$T/hostile-ar/AR-MEMBER"
run_list '0 1 2' "$T/hostile-ar/AR-FLIP"
run "$T/hostile-ar/ar.valid" 0
run "$T/hostile-ar/ar.longname-unterminated" 0
[ $bad -eq 0 ] || fail "malformed archives mishandled (see above)"

# One bad file does not stop the others; the worst status wins.
first=$(head -n 1 "$T/hostile/REJECT")
"$AUDIT" "$first" "$T/corpus/gcc-none" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] || fail "bad + good file: exit $rc, want 2"
grep -q 'gcc-none$' "$T/out" || fail "good file not reported after a bad one"

echo "malformed: $n hostile files rejected ($(grep -c '\.pe-\|synthetic' "$T/hostile/REJECT") PE), $nar hostile archives, $(ls "$T"/hostile/*flip* | wc -l) flipped files and $(wc -l <"$T/hostile-ar/AR-FLIP") flipped archives survived"
exit 0
