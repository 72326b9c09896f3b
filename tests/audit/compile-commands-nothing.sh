#!/bin/sh
# compile-commands-nothing.sh - --compile-commands DB --report FILE proves
# nothing when FILE is no report or no command was checked, so it is exit
# 2 with the reason, not exit 0: an empty FILE, the saved --summary and
# --export=make outputs of harden-flags (no version= line, no feature
# rows: no flags to require), a C report against a database of C++
# commands only, --objects-in directories that hold none of its objects,
# and two reports of one language.  The real report still passes a
# hardened command (exit 0); with the C++ report beside it, the C++
# commands are checked against that one.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc
cd "$T" || exit 99
hf() { CC=gcc CFLAGS=-O2 sh "$S/catalog/harden-flags" --lang=c --cache="$T/cache" "$@"; }
hf --report >report 2>/dev/null || fail "harden-flags --report failed"
hf --summary >summary.txt 2>/dev/null || fail "harden-flags --summary failed"
hf --export=make >export.mk 2>/dev/null || fail "harden-flags --export=make failed"
: >empty
cppflags=$(report_key report cppflags)
cflags=$(report_key report cflags)
[ -n "$cflags" ] || fail "no cflags in the report"
cat >c.json <<EOF
[{"directory": "/src", "file": "a.c", "command": "gcc $cppflags $cflags -O2 -c a.c -o obj/a.o"}]
EOF
cat >cxx.json <<EOF
[{"directory": "/src", "file": "b.cc", "command": "g++ -O2 -c b.cc -o obj/b.o"}]
EOF

# gate DB REPORT STATUS MESSAGE [OPTIONS...]: the exit status and message.
gate() {
	_db=$1 _rep=$2 _want=$3 _msg=$4
	shift 4
	"$AUDIT" --compile-commands "$_db" --report "$_rep" "$@" >out 2>err
	_rc=$?
	[ "$_rc" = "$_want" ] || fail "$_db against $_rep $*: exit $_rc, want $_want ($(cat err))"
	grep -qF -- "$_msg" err || fail "$_db against $_rep $*: no '$_msg' in: $(cat err)"
}

gate c.json report 0 "c.json: 1 C compile commands checked against report: 0 without harden's flags"
gate c.json empty 2 "harden-audit: empty: not a harden report (no version= line; harden-flags --report writes one)"
gate c.json summary.txt 2 "summary.txt: not a harden report (no version= line"
gate c.json export.mk 2 "export.mk: not a harden report (no version= line"
grep -v '^feature ' report >no-features
gate c.json no-features 2 "no-features: not a harden report (no feature rows"
gate cxx.json report 2 "harden-audit: cxx.json: no compile command in the language of report to check"
gate c.json report 2 "no compile command of the --objects-in directories in the language of report to check" --objects-in /elsewhere
gate c.json report 0 "1 C compile commands checked" --objects-in /src/obj
# One report per language: the C++ command against the C++ report (it
# lacks every flag: exit 1), and never two reports of one language.
CXX=g++ CXXFLAGS=-O2 sh "$S/catalog/harden-flags" --lang=c++ --report >report-cxx 2>/dev/null || fail "harden-flags --lang=c++ --report failed"
gate cxx.json report 1 "cxx.json: 1 C++ compile commands checked against report-cxx: 1 without harden's flags" --report report-cxx
grep -q "b.cc: compiled without -fstack-protector-strong (stack-protector)" err || fail "the C++ command is not named: $(cat err)"
gate c.json report 2 "report and report: both C reports: give one report per language" --report report
echo ok
