#!/bin/sh
# nodlopen.sh - the nodlopen row: yes for a shared library linked with
# -z nodlopen (DF_1_NOOPEN), no for one without, n/a for a program (never
# dlopened) and an object; --expect nodlopen gates on it.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
mkdir -p "$T/src"
printf 'int lib_f(void) { return 42; }\n' >"$T/src/lib.c"
printf 'int main(void) { return 0; }\n' >"$T/src/main.c"
gcc -O2 -fPIC -shared -Wl,-z,nodlopen -o "$T/noopen.so" "$T/src/lib.c" || fail "cannot build noopen.so"
gcc -O2 -fPIC -shared -o "$T/plain.so" "$T/src/lib.c" || fail "cannot build plain.so"
gcc -O2 -o "$T/main" "$T/src/main.c" || fail "cannot build main"
gcc -O2 -c -o "$T/main.o" "$T/src/main.c" || fail "cannot build main.o"

check_expect 0 nodlopen "$T/noopen.so"
check_expect 1 nodlopen "$T/plain.so"
said "$T/plain.so: nodlopen not proven: no"
check_expect 0 nodlopen "$T/main" "$T/main.o"		# n/a: a program, an object
check_expect 1 nodlopen "$T/noopen.so" "$T/plain.so"	# worst status
"$AUDIT" --list >"$T/list" 2>&1 || fail "--list: $(cat "$T/list")"
grep -q '^nodlopen' "$T/list" || fail "--list has no nodlopen row: $(cat "$T/list")"
echo "nodlopen: ok"
exit 0
