#!/bin/sh
# cet-objects.sh - harden-audit --objects: the project's objects are the
# inputs of its programs, and the linker marks a program with IBT/SHSTK
# only when every object has both.  An object from assembly without the
# note is named (table line, --expect, JSON, the program's reason, as an
# archive member, an output of a compile_commands.json) and the one from C
# with -fcf-protection is not; with
# both marked (the .S through gcc's <cet.h>) the gate passes.  Without
# --objects every object keeps its own row.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

case $(uname -m) in x86_64|i?86) ;; *) skip "CET markings are x86 only" ;; esac
have python3 || fail "python3 not installed"
need gcc readelf ar
build_audit
cat >"$T/fn.S" <<'EOS'
#ifdef MARKED
#include <cet.h>
#endif
	.text
	.globl	fn
	.type	fn, @function
fn:
#ifdef MARKED
	_CET_ENDBR
#endif
	xorl	%eax, %eax
	ret
	.size	fn, .-fn
	.section .note.GNU-stack,"",@progbits
EOS
printf 'int fn(void);\nint main(void) { return fn(); }\n' >"$T/main.c"
cd "$T" || fail "cd $T"
gcc -fcf-protection=full -c -o unmarked.o fn.S || fail "cannot assemble unmarked.o"
gcc -fcf-protection=full -DMARKED -c -o cet.o fn.S || fail "cannot assemble cet.o"
gcc -fcf-protection=full -c -o marked.o main.c || fail "cannot compile marked.o"
# The premises, as readelf sees them.
readelf -n unmarked.o | grep -q 'IBT' && fail "premise: unmarked.o has IBT"
for o in cet.o marked.o; do
	readelf -n $o | grep -q 'feature: IBT, SHSTK' || fail "premise: $o lacks IBT, SHSTK"
done

# The unmarked object is named, the marked one is not; no row per object.
"$AUDIT" --objects unmarked.o marked.o >out 2>err || fail "exit $? without --expect"
[ "$(cat out)" = "objects: cf-protection: not enforced: 1 of 2 objects lack IBT/SHSTK: unmarked.o" ] ||
	fail "table: $(cat out)"
check_expect 1 cf-protection --objects unmarked.o marked.o
said "objects: cf-protection not proven: 1 of 2 objects lack IBT/SHSTK: unmarked.o"
grep -q '[:,] marked\.o' err && fail "marked.o named: $(cat err)"
"$AUDIT" -j --objects unmarked.o marked.o | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d == [{"objects": 2, "markings": {"cf-protection":
    {"result": "no", "objects": 2, "lacking": ["unmarked.o"]}}}], d' || fail "JSON"

# As members of a static library.
ar rc libfn.a unmarked.o marked.o || fail "ar rc"
check_expect 1 cf-protection --objects libfn.a
said "1 of 2 objects lack IBT/SHSTK: libfn.a(unmarked.o)"

# The program linked from them says which object loses the marking.
gcc -fcf-protection=full -o prog marked.o unmarked.o || fail "cannot link prog"
"$AUDIT" -v --objects prog unmarked.o marked.o >out 2>err
grep -q '^    cf-protection  *no .*; 1 of 2 objects lack IBT/SHSTK: unmarked\.o$' out ||
	{ cat out; fail "prog's reason does not name unmarked.o"; }
[ "$(awk 'NR > 1 && !/^ / && !/^objects: / { print $NF }' out)" = prog ] ||
	{ cat out; fail "a row other than prog's"; }

# The objects that a compile_commands.json writes (assembly too), joined
# to each entry's directory; one not built yet is an error, not a pass.
cat >cc.json <<EOJ
[{"directory": "$T", "file": "fn.S", "arguments": ["gcc", "-c", "-o", "unmarked.o", "fn.S"]},
 {"directory": "$T", "file": "main.c", "command": "gcc -fcf-protection=full -c main.c", "output": "marked.o"}]
EOJ
check_expect 1 cf-protection --objects --compile-commands cc.json prog
said "objects: cf-protection not proven: 1 of 2 objects lack IBT/SHSTK: $T/unmarked.o"
"$AUDIT" -v --objects --compile-commands cc.json prog >out 2>err
grep -q "^    cf-protection  *no .*; 1 of 2 objects lack IBT/SHSTK: $T/unmarked\.o\$" out ||
	{ cat out err; fail "prog's reason from the database"; }
sed "s/unmarked.o/gone.o/" cc.json >gone.json
check_expect 2 cf-protection --objects --compile-commands gone.json
said "$T/gone.o"
"$AUDIT" --compile-commands cc.json prog >/dev/null 2>err && fail "--compile-commands without --report or --objects"
said "compile-commands and --report go together"

# Both marked: the gate passes; a program that still lacks the marking
# blames the start files or a library.
check_expect 0 cf-protection --objects cet.o marked.o
[ "$("$AUDIT" --objects cet.o marked.o)" = "objects: cf-protection: yes: all 2 objects have IBT/SHSTK" ] ||
	fail "both marked: $("$AUDIT" --objects cet.o marked.o)"
gcc -fcf-protection=full -o progcet marked.o cet.o || fail "cannot link progcet"
"$AUDIT" -v --objects progcet cet.o marked.o >out 2>err || fail "progcet: exit $?"
if readelf -n progcet | grep -q 'feature: IBT, SHSTK'; then
	grep -q '^    cf-protection  *yes ' out || fail "progcet is marked: $(grep cf-protection out)"
else
	grep -q '^    cf-protection  *no .*; all 2 objects have IBT/SHSTK: a start file or library lacks it$' out ||
		fail "progcet: $(grep cf-protection out)"
fi

# Fail closed: another feature needs a program; no object proves nothing.
check_expect 1 pie --objects marked.o
said "objects: pie not proven: no program or library among the operands"
check_expect 1 cf-protection --objects progcet
said "objects: no relocatable object among the operands"

# A member that is no object: its error (exit 2), the other members and
# the JSON intact.
printf 'not an object\n' >README
ar rc libbad.a README unmarked.o || fail "ar rc libbad.a"
"$AUDIT" -j --objects prog libbad.a >out 2>err
[ $? -eq 2 ] || fail "libbad.a: exit not 2"
grep -qx "harden-audit: libbad.a(README): not an ELF object" err || fail "libbad.a: $(cat err)"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [o.get("file") for o in d] == ["libbad.a(README)", "prog", None], d
assert d[2]["markings"]["cf-protection"]["lacking"] == ["libbad.a(unmarked.o)"], d' out ||
	fail "JSON with libbad.a"

# Without --objects, each object has its own row, as before.
[ "$(audit_cols unmarked.o TYPE CET | tr '\n' ' ')" = "object no " ] ||
	fail "unmarked.o alone: $(audit_cols unmarked.o TYPE CET)"
echo "cet-objects: ok"
