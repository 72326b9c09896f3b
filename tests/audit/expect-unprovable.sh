#!/bin/sh
# expect-unprovable.sh - --expect refuses a feature that no binary can
# prove (format-security, a compile-time warning): usage error, exit 2,
# naming every such feature, before any file is read.  --help and --list
# show it apart from the provable ones; --json still reports its verdict.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/good" "$T/src/prog.c" || fail "cannot compile"

for list in format-security pie,format-security "pie, format-security ,relro"; do
	"$AUDIT" -q --expect "$list" "$T/good" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] || fail "--expect '$list': exit $rc, want 2"
	grep -q 'no binary can prove format-security' "$T/err" ||
		{ cat "$T/err" >&2; fail "--expect '$list': format-security not named"; }
	grep -q '^usage: harden-audit ' "$T/err" || fail "no usage line"
	[ -s "$T/out" ] && fail "--expect '$list': a file was read"
done
# Named once even when given twice; the missing file is never opened.
"$AUDIT" -e format-security -e format-security "$T/missing" 2>"$T/err"
[ $? -eq 2 ] || fail "exit status"
grep -q 'No such file' "$T/err" && fail "file opened before the usage error"
[ "$(grep -o format-security "$T/err" | wc -l)" -eq 1 ] || fail "named twice"

# --help: not among the names for --expect, but in its own list.
"$AUDIT" --help >"$T/help"
sed -n '/^Features for --expect/,/^$/p' "$T/help" | grep -qx '  format-security' &&
	fail "--help lists format-security for --expect"
sed -n '/^Features that no binary can prove/,/^$/p' "$T/help" |
	grep -qx '  format-security' || fail "--help: no list of refused features"
"$AUDIT" --list | grep -q '^format-security .*refused by --expect' ||
	fail "--list does not mark format-security"
# Every provable name is still accepted.
for f in $(sed -n '/^Features for --expect/,/^$/s/^  //p' "$T/help"); do
	"$AUDIT" -q -e "$f" "$T/good" 2>/dev/null
	[ $? -le 1 ] || fail "--expect $f refused"
done
"$AUDIT" -j "$T/good" | grep -q '"format-security": {"result": "unknown"' ||
	fail "--json: no format-security verdict"
echo "expect-unprovable: ok"
exit 0
