#!/bin/sh
# fifo.sh - non-regular operands are refused before any blocking read: a
# FIFO without a writer (which a plain open would wait on forever), a
# character device, a directory and a socket each exit 2 with "FILE: not a
# regular file", and the regular files around them are still reported.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/good" "$T/src/nocanary.c" || fail "cannot compile"
mkfifo "$T/fifo" || fail "mkfifo"
mkdir "$T/dir"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
    "$T/sock" || fail "cannot create a socket"

set -- "$T/fifo" "$T/dir" "$T/sock"
[ -c /dev/zero ] && set -- "$@" /dev/zero	# read only, never written
timeout 20 "$AUDIT" "$T/good" "$@" "$T/good" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -ne 124 ] || fail "hangs on a FIFO"
[ $rc -eq 2 ] || { cat "$T/err" >&2; fail "exit $rc, want 2"; }
for f; do
	grep -qx "harden-audit: $f: not a regular file" "$T/err" ||
		{ cat "$T/err" >&2; fail "$f: no 'not a regular file'"; }
done
[ "$(grep -c " $T/good\$" "$T/out")" -eq 2 ] || fail "regular files not reported"

# --json: an error object, and still valid JSON.
timeout 20 "$AUDIT" -j "$T/fifo" "$T/good" >"$T/out" 2>/dev/null
[ $? -eq 2 ] || fail "--json on a FIFO: exit status"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d[0]["error"] == "not a regular file", d; assert d[1]["kind"] == "pie", d' \
    "$T/out" || fail "--json on a FIFO"
echo "fifo: FIFO, directory, socket${1:+ and device} refused"
exit 0
