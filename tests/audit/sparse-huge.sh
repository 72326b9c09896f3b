#!/bin/sh
# sparse-huge.sh - the file is never read whole: a 4 GB sparse file is
# refused as "not an ELF, PE or ar file" at once (the magic is checked first),
# and a small ELF program, or a Windows PE program when mingw-w64 is
# installed, followed by 4 GB of holes is audited like the program itself,
# with memory bounded by the tables read (peak RSS well under the file
# size).  Time limit 20 s each (a guard, not a measurement).
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
have truncate || fail "truncate not installed"
build_audit
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/good" "$T/src/prog.c" || fail "cannot compile"

# rss CMD...: run CMD under timeout 20; prints "STATUS PEAK-RSS-KB".
rss() {
	python3 - "$@" <<'EOPY'
import resource, subprocess, sys
r = subprocess.run(['timeout', '20'] + sys.argv[1:], stdout=subprocess.DEVNULL,
                   stderr=open('err', 'w'))
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
EOPY
}

truncate -s 4G "$T/huge" || fail "cannot create a sparse file"
set -- $(rss "$AUDIT" "$T/huge")
[ "$1" -ne 124 ] || fail "4 GB sparse file: still running after 20 s"
[ "$1" -eq 2 ] || fail "4 GB sparse file: exit $1, want 2"
grep -qx "harden-audit: $T/huge: not an ELF, PE or ar file" "$T/err" ||
	{ cat "$T/err" >&2; fail "4 GB sparse file: no 'not an ELF, PE or ar file'"; }
[ "$2" -lt 65536 ] || fail "4 GB sparse file: peak RSS $2 KB"

# with_holes GOOD: GOOD followed by 4 GB of holes is audited like GOOD.
with_holes() {
	cp "$1" "$T/tail"
	truncate -s 4G "$T/tail" || fail "cannot extend a file"
	set -- "$1" $(rss "$AUDIT" "$T/tail")
	[ "$2" -eq 0 ] || { cat "$T/err" >&2; fail "$1 + 4 GB of holes: exit $2"; }
	[ "$3" -lt 65536 ] || fail "$1 + 4 GB of holes: peak RSS $3 KB"
	a=$("$AUDIT" "$1" | sed -n '2s/ [^ ]*$//p')
	b=$("$AUDIT" "$T/tail" | sed -n '2s/ [^ ]*$//p')
	[ -n "$a" ] && [ "$a" = "$b" ] || fail "$1: verdicts differ: '$a' vs '$b'"
	rm -f "$T/tail"
	kb=$3
}
with_holes "$T/good"
msg="audited in $kb KB"
if have x86_64-w64-mingw32-gcc; then
	x86_64-w64-mingw32-gcc -O2 -o "$T/good.exe" "$T/src/nocanary.c" ||
		fail "cannot compile with mingw"
	with_holes "$T/good.exe"
	msg="$msg, PE in $kb KB"
fi
rm -f "$T/huge"
echo "sparse-huge: 4 GB files: refused at once / $msg"
exit 0
