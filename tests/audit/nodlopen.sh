#!/bin/sh
# nodlopen.sh - the nodlopen row: yes for a shared library linked with
# -z nodlopen (DF_1_NOOPEN), no for one without, n/a for a program (never
# dlopened) and an object; --expect nodlopen gates on it; a shared object
# that needs a nodlopen library among the operands is named (dlopen
# refuses it too: a plugin must not link one).
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
# A plugin that links a nodlopen library: dlopen refuses it too (glibc), and
# harden-audit says so when both are operands (a warning, not a status).
printf 'int lib_f(void);\nint plug_f(void) { return lib_f(); }\n' >"$T/src/plug.c"
gcc -O2 -fPIC -shared -Wl,-z,nodlopen -Wl,-soname,libnoopen.so.1 -o "$T/libnoopen.so.1" "$T/src/lib.c" &&
	gcc -O2 -fPIC -shared -o "$T/plug.so" "$T/src/plug.c" "$T/libnoopen.so.1" || fail "cannot build plug.so"
"$AUDIT" -q "$T/plug.so" "$T/libnoopen.so.1" "$T/plain.so" 2>"$T/err" || fail "a warning changed the status"
[ "$(cat "$T/err")" = "harden-audit: $T/plug.so needs $T/libnoopen.so.1, which refuses dlopen (DF_1_NOOPEN: nodlopen): dlopen refuses $T/plug.so too, so it cannot be a plugin" ] ||
	fail "the plugin of a nodlopen library is not named: $(cat "$T/err")"
"$AUDIT" -q "$T/plug.so" 2>"$T/err" && [ ! -s "$T/err" ] || fail "a warning without the library among the operands: $(cat "$T/err")"
echo "nodlopen: ok"
exit 0
