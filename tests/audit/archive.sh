#!/bin/sh
# archive.sh - a static library is audited member by member, as lintian
# judges fortify: each object on its own row named "lib.a(member.o)" (GNU
# long names too), fortify-source yes for the fortified member and no for
# the one that calls printf plain, in the table, the JSON and --expect;
# the member list is ar's own (ar t).  A member that is no object fails
# alone, a thin archive is refused, an empty archive proves nothing.
# llvm-ar's BSD format (#1/ names), when installed, reads the same.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
need ar
build_audit
write_sources
cc=${HARDEN_GCC:-gcc}
long=a_member_name_longer_than_sixteen.o
$cc -O2 -D_FORTIFY_SOURCE=2 -c -o "$T/fort.o" "$T/src/prog.c" || fail "cannot compile fort.o"
$cc -O2 -U_FORTIFY_SOURCE -c -o "$T/$long" "$T/src/prog.c" || fail "cannot compile $long"
$cc -O2 -c -o "$T/nothing.o" "$T/src/nocanary.c" || fail "cannot compile nothing.o"
(cd "$T" && ar rcs libmix.a fort.o "$long" nothing.o && ar rcs libfort.a fort.o) ||
	fail "ar rcs"
[ "$(cd "$T" && ar t libmix.a | tr '\n' ' ')" = "fort.o $long nothing.o " ] ||
	fail "ar t: $(ar t "$T/libmix.a")"

# The table: one row per member, ar's order and names.
"$AUDIT" "$T/libmix.a" >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "exit $? on libmix.a"; }
[ -s "$T/err" ] && { cat "$T/err"; fail "diagnostics on a valid archive"; }
awk 'NR > 1 { print $NF }' "$T/out" >"$T/rows"
printf '%s\n' "$T/libmix.a(fort.o)" "$T/libmix.a($long)" "$T/libmix.a(nothing.o)" |
	diff -u - "$T/rows" || fail "rows are not the members"
got=$(audit_cols "$T/libmix.a" TYPE FORTIFY | tr '\n' ' ')
[ "$got" = "object yes object no object ? " ] || fail "TYPE FORTIFY: $got"
# Each member's verdicts are those of the object on its own.
for m in fort.o "$long" nothing.o; do
	"$AUDIT" -j "$T/$m" >"$T/alone.json" || fail "$m alone"
	"$AUDIT" -j "$T/libmix.a" | python3 -c '
import json, sys
arch = {o["file"]: o for o in json.load(sys.stdin)}
alone = json.load(open(sys.argv[1]))[0]
mem = arch[sys.argv[2] + "(" + sys.argv[3] + ")"]
for k in ("properties", "fortify", "kind"):
    assert mem[k] == alone[k], (k, mem[k], alone[k])
' "$T/alone.json" "$T/libmix.a" "$m" || fail "$m: member and object differ"
done
"$AUDIT" -v "$T/libmix.a" | grep -A20 "libmix.a($long)\$" | grep -m1 '^    fortify-source ' |
	grep -q 'no .*0 fortified.*printf' || fail "$long: no reason naming printf"

# --expect: the member that lacks it is named; an archive of fortified
# objects passes.
check_expect 1 fortify-source "$T/libmix.a"
said "libmix.a($long): fortify-source not proven: no"
said "libmix.a(nothing.o): fortify-source not proven: unknown"
grep -qF 'libmix.a(fort.o)' "$T/err" && fail "fort.o reported as missing"
check_expect 0 fortify-source "$T/libfort.a"

# A member that is no object: its own error, the others reported.
printf 'not an object\n' >"$T/README"
(cd "$T" && ar rc libtext.a fort.o README) || fail "ar rc libtext.a"
"$AUDIT" -j "$T/libtext.a" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || fail "a text member: exit not 2"
grep -qx "harden-audit: $T/libtext.a(README): not an ELF object" "$T/err" ||
	fail "text member: $(cat "$T/err")"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [o["file"].rsplit("/", 1)[1] for o in d] == ["libtext.a(fort.o)", "libtext.a(README)"], d
assert d[1]["error"] == "not an ELF object", d[1]' "$T/out" || fail "JSON of libtext.a"

# Thin and empty archives.
(cd "$T" && ar rcT libthin.a fort.o) || fail "ar rcT"
"$AUDIT" "$T/libthin.a" >/dev/null 2>"$T/err" && fail "thin archive accepted"
grep -q "libthin.a: thin archive" "$T/err" || fail "thin: $(cat "$T/err")"
printf '!<arch>\n' >"$T/empty.a"
"$AUDIT" "$T/empty.a" >/dev/null 2>"$T/err" || fail "empty archive: exit $?"
grep -q "empty.a: archive without members" "$T/err" || fail "empty: $(cat "$T/err")"
check_expect 1 fortify-source "$T/empty.a"

# Standard input holds an archive too.
"$AUDIT" - <"$T/libmix.a" | awk 'NR > 1 { print $NF }' | tr '\n' ' ' >"$T/stdin"
[ "$(cat "$T/stdin")" = "-(fort.o) -($long) -(nothing.o) " ] || fail "stdin: $(cat "$T/stdin")"

# BSD names (#1/LEN, the name at the start of the data).
llvmar=
for c in llvm-ar llvm-ar-19 llvm-ar-14; do have $c && { llvmar=$c; break; }; done
if [ -n "$llvmar" ]; then
	(cd "$T" && $llvmar --format=bsd rcs libbsd.a fort.o "$long") || fail "$llvmar --format=bsd"
	head -c 100 "$T/libbsd.a" | grep -q '#1/' || fail "libbsd.a has no #1/ name"
	"$AUDIT" "$T/libbsd.a" >/dev/null 2>"$T/err" || { cat "$T/err"; fail "BSD archive: exit $?"; }
	[ -s "$T/err" ] && { cat "$T/err"; fail "diagnostics on the BSD archive"; }
	[ "$(audit_cols "$T/libbsd.a" FILE FORTIFY | tr '\n' ' ')" = \
	    "$T/libbsd.a(fort.o) yes $T/libbsd.a($long) no " ] ||
		fail "BSD archive: $(audit_cols "$T/libbsd.a" FILE FORTIFY)"
else
	note "no llvm-ar: the BSD format is covered by the hostile archives only"
fi
echo "archive: ok"
