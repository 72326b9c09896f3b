#!/bin/sh
# table-control-chars.sh - in the table (and in messages on standard
# error) a file name's control characters, backslashes and bytes that are
# not valid UTF-8 are printed escaped (\n, \t, \r, \\, \xHH), so a hostile
# name can neither forge a table line nor send a terminal escape; valid
# UTF-8 names are printed as they are.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/good" "$T/src/nocanary.c" || fail "cannot compile"
mkdir "$T/n"
nl='
'
for n in "a${nl}pie        yes fake" "$(printf 'b\033[2Jc')" "$(printf 't\tu')" \
    'back\slash' "$(printf 'r\rs')" "$(printf 'z\377z')" "$(printf 'c1\302\233x')" 'é'; do
	cp "$T/good" "$T/n/$n" || fail "cannot create a file"
done
printf 'x\n' >"$T/n/$(printf 'bad\033]0;title\007')"
"$AUDIT" "$T"/n/* >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || fail "exit status"
[ "$(wc -l <"$T/out")" -eq 9 ] || { cat "$T/out"; fail "want header + 8 lines"; }
[ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err"; fail "want 1 error line"; }
grep -q "$(printf '[\001-\010\013-\037\177]')" "$T/out" "$T/err" &&
	fail "raw control characters in the output"
LC_ALL=C grep -q "$(printf '\377')" "$T/out" && fail "raw 0xff byte in the table"
for want in '/a\npie        yes fake' '/b\x1b[2Jc' '/t\tu' '/back\\slash' \
    '/r\rs' '/z\xffz' '/c1\xc2\x9bx' '/é'; do
	grep -qF " $T/n$want" "$T/out" || { cat "$T/out"; fail "no '$want'"; }
done
grep -qF "$T/n/bad\\x1b]0;title\\x07: not an ELF, PE or ar file" "$T/err" ||
	{ cat "$T/err"; fail "error message: name not escaped"; }
echo "table-control-chars: ok"
exit 0
