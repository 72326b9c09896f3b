#!/bin/sh
# units.sh - harden-audit judges every recorded compilation unit: a
# program whose a.c has the canary and the clash probes and whose b.c was
# compiled with -fno-stack-protector and without -fstack-clash-protection
# imports __stack_chk_fail (a.c) yet is "partial" for both, which fails
# --expect and names b.c; gcc records no -D, clang does ("-D NAME" read as
# one flag), so fortify-source is partial with clang's records only;
# --units lists the units (table and JSON) with the share of the code they
# span (a unit of data only spans none); a unit of another compiler that records no switches is reported,
# not judged, and fails the gate only with --fail-uncovered; gcc -flto's
# link-time unit is counted, not judged.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc clang python3
two_units "$T"
cd "$T" || exit 99
good="-g -O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -fstack-clash-protection"
gcc $good -c a.c -o a.o && gcc -g -O2 -fno-stack-protector -c b.c -o b.o && gcc -o mixed a.o b.o ||
	fail "cannot build mixed"
"$AUDIT" -v mixed >out || fail "harden-audit failed"
grep -q '^    stack-protector  *partial imports __stack_chk_fail, but 1 of 2 recorded units lack stack-protector (-fstack-protector-strong): b.c$' out ||
	fail "stack-protector: $(grep '^    stack-protector ' out)"
grep -q '^    stack-clash-protection  *partial 1 of 2 recorded units lack -fstack-clash-protection: b.c$' out ||
	fail "stack-clash-protection: $(grep '^    stack-clash' out)"
grep -q '^pie .* part  *yes  *part ' out || fail "table: $(head -n 2 out)"
"$AUDIT" --expect stack-protector mixed >/dev/null 2>err && fail "--expect passes a partial canary"
grep -q 'mixed: stack-protector not proven: partial' err || fail "message: $(cat err)"

# --units: each unit with what its line turns on and off.
"$AUDIT" --units mixed >units || fail "--units failed"
grep -q '^    units: 2 recorded, 0 toolchain start files; the recorded units span [0-9]*% of the executable code$' units ||
	fail "--units head: $(sed -n 3p units)"
grep -q '^    unit a.c: on stack-protector,stack-clash-protection; off -; [0-9]* bytes of code$' units ||
	fail "--units a.c: $(grep 'unit a.c' units)"
grep -q '^    unit b.c: on -; off stack-protector; [0-9]* bytes of code$' units ||
	fail "--units b.c: $(grep 'unit b.c' units)"
"$AUDIT" --units --json mixed | python3 -c '
import json, sys
u = json.load(sys.stdin)[0]["units"]
names = [x["name"] for x in u["recorded"]]
assert names == ["a.c", "b.c"], names
assert u["recorded"][1]["off"] == ["stack-protector"], u
assert 0 < u["recorded_code_bytes"] <= u["code_bytes"], u
' || fail "--units --json"

# A unit of data only has no address range: no code, and the span is
# still shown (it was dropped as of unknown extent).
printf 'const int tab[4] = { 1, 2, 3, 4 };\n' >tab.c
gcc -g -O2 -c tab.c -o tab.o && gcc -o withtab a.o b.o tab.o || fail "cannot build withtab"
"$AUDIT" --units withtab >units || fail "--units withtab failed"
grep -q '^    units: 3 recorded, 0 toolchain start files; the recorded units span [0-9]*% of the executable code$' units ||
	fail "a unit of data only hides the span: $(sed -n 3p units)"
grep -q '^    unit tab.c: on .*; 0 bytes of code$' units || fail "--units tab.c: $(grep 'unit tab.c' units)"

# clang records -D: fortify-source per unit.
clang -g -grecord-command-line -O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -c a.c -o ca.o &&
	clang -g -grecord-command-line -O2 -fstack-protector-strong -c b.c -o cb.o && clang -o cmixed ca.o cb.o ||
	fail "cannot build cmixed"
"$AUDIT" -v cmixed | grep -q '^    fortify-source  *partial .*1 of 2 recorded units lack fortify-source (-D_FORTIFY_SOURCE=3): b.c$' ||
	fail "clang fortify: $("$AUDIT" -v cmixed | grep '^    fortify')"
"$AUDIT" -v mixed | grep -q '^    fortify-source  *yes ' || fail "gcc's units cannot show -D: fortify is judged by the imports"

# A unit of clang without -grecord-command-line: reported, not judged.
clang -g -O2 -fstack-clash-protection -c b.c -o nb.o && gcc -o uncovered a.o nb.o || fail "cannot build uncovered"
"$AUDIT" -v uncovered | grep -q '^    stack-clash-protection  *yes  *-fstack-clash-protection in all 1 recorded units; 1 units without recorded switches' ||
	fail "uncovered: $("$AUDIT" -v uncovered | grep '^    stack-clash')"
"$AUDIT" --expect stack-clash-protection uncovered >/dev/null || fail "an unrecorded unit fails the gate by default"
"$AUDIT" --fail-uncovered --expect stack-clash-protection uncovered >/dev/null 2>err &&
	fail "--fail-uncovered passes an unrecorded unit"
grep -q 'stack-clash-protection not proven: uncovered units' err || fail "--fail-uncovered message: $(cat err)"
# gcc -flto: the link-time unit (<artificial>, "GNU GIMPLE") records the
# link line, which has no compile flags; its functions keep the options of
# the units compiled into it, so it is counted, not judged (it was "partial
# 1 of 3 recorded units lack -fstack-clash-protection: <artificial>").
gcc $good -flto -c a.c -o la.o && gcc $good -flto -c b.c -o lb.o && gcc -O2 -g -flto -o lto la.o lb.o ||
	fail "cannot build lto"
"$AUDIT" -v lto >out || fail "harden-audit lto failed"
grep -q '^    stack-clash-protection  *yes  *-fstack-clash-protection in all 2 recorded units; 1 link-time (gcc -flto) units, judged by the units compiled into them; the recorded units span' out ||
	fail "lto: $(grep '^    stack-clash' out)"
"$AUDIT" --expect stack-protector,stack-clash-protection,fortify-source lto >/dev/null || fail "lto fails the gate"
gcc -g -O2 -flto -c b.c -o lnb.o && gcc -O2 -g -flto -o ltomixed la.o lnb.o || fail "cannot build ltomixed"
"$AUDIT" -v ltomixed | grep -q '^    stack-clash-protection  *partial 1 of 2 recorded units lack -fstack-clash-protection: b.c$' ||
	fail "ltomixed: $("$AUDIT" -v ltomixed | grep '^    stack-clash')"
echo ok
