#!/bin/sh
# pe-loadconfig.sh - the PE facts GCC cannot produce, from clang and
# lld-link (no C library): a program with a load configuration (a /GS
# SecurityCookie and Control Flow Guard: GUARD_CF and CF_INSTRUMENTED in
# GuardFlags) and a CET_COMPAT debug entry (EX_DLLCHARACTERISTICS) gets
# gs-cookie, guard-cf and cf-protection yes, the same program linked plain
# gets no; the values agree with llvm-readobj --coff-load-config and
# --coff-debug-directory where it is installed.  A cookie alone is no proof
# of canaries in the program's code: stack-protector stays unknown.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

CLANG=${HARDEN_CLANG:-clang}
need "$CLANG" lld-link python3
build_audit
cat >"$T/cfg.c" <<'EOS'
unsigned long long __security_cookie = 0x2b992ddfa232ULL;
static void check(void) {}
void *__guard_check_icall_fptr = (void *)check;
void *__guard_dispatch_icall_fptr = (void *)check;
int work(int (*f)(int), int x) { return f(x); }
int twice(int x) { return 2 * x; }
int start(void) { return work(twice, 3); }
EOS
# The run time's load configuration, as far as GuardFlags (0x94 bytes).
cat >"$T/loadcfg.s" <<'EOS'
	.section .rdata,"dr"
	.globl _load_config_used
	.p2align 3
_load_config_used:
	.long 0x94
	.fill 84, 1, 0
	.quad __security_cookie
	.quad 0, 0
	.quad __guard_check_icall_fptr
	.quad __guard_dispatch_icall_fptr
	.quad __guard_fids_table
	.quad __guard_fids_count
	.long __guard_flags
EOS
t=--target=x86_64-pc-windows-msvc
"$CLANG" $t -O2 -c -Xclang -cfguard -o "$T/cfg.obj" "$T/cfg.c" &&
"$CLANG" $t -c -o "$T/loadcfg.obj" "$T/loadcfg.s" ||
	fail "cannot compile for x86_64-pc-windows-msvc"
link() {	# link OUT OPTIONS...: a console program without a C library
	o=$1
	shift
	lld-link /entry:start /subsystem:console /nodefaultlib /out:"$T/$o" "$@" \
	    >"$T/$o.log" 2>&1 || { cat "$T/$o.log" >&2; fail "cannot link $o"; }
}
link cfg.exe /guard:cf /cetcompat /dynamicbase /highentropyva /nxcompat \
    "$T/cfg.obj" "$T/loadcfg.obj"
link plain.exe /dynamicbase:no /highentropyva:no /nxcompat:no "$T/cfg.obj"

verdict() {	# verdict FILE FEATURE
	"$AUDIT" -v "$T/$1" | awk -v f="$2" '$1 == f { print $2 }'
}
for f in gs-cookie guard-cf cf-protection dynamicbase high-entropy-va nxcompat; do
	[ "$(verdict cfg.exe $f)" = yes ] || fail "cfg.exe: $f $(verdict cfg.exe $f), want yes"
	[ "$(verdict plain.exe $f)" = no ] || fail "plain.exe: $f $(verdict plain.exe $f), want no"
done
[ "$(verdict cfg.exe stack-protector)" = unknown ] ||
	fail "cfg.exe: a SecurityCookie alone proved stack-protector"
"$AUDIT" -v "$T/cfg.exe" | grep -q 'stack-protector .*SecurityCookie' ||
	fail "cfg.exe: the stack-protector reason does not mention the cookie"
[ "$(audit_cols "$T/cfg.exe" CFG CET)" = "yes yes" ] || fail "cfg.exe: CFG/CET columns"

# The values, as llvm-readobj reads them.
if have llvm-readobj; then
	llvm-readobj --coff-load-config --coff-debug-directory "$T/cfg.exe" >"$T/ro" ||
		fail "llvm-readobj failed"
	cookie=$(sed -n 's/^ *SecurityCookie: 0x\([0-9A-Fa-f]*\)$/\1/p' "$T/ro")
	flags=$(sed -n 's/^ *GuardFlags: 0x\([0-9A-Fa-f]*\)$/\1/p' "$T/ro")
	[ -n "$cookie" ] && [ -n "$flags" ] || { cat "$T/ro"; fail "llvm-readobj: no cookie or GuardFlags"; }
	grep -q 'EX_CET_COMPAT' "$T/ro" || fail "llvm-readobj: no CET_COMPAT"
	"$AUDIT" -v "$T/cfg.exe" | grep -qi "gs-cookie .*SecurityCookie at 0x$cookie\$" ||
		fail "gs-cookie address differs from llvm-readobj (0x$cookie)"
	"$AUDIT" -v "$T/cfg.exe" | grep -qi "guard-cf .*GuardFlags 0x$flags)" ||
		fail "GuardFlags differ from llvm-readobj (0x$flags)"
	"$AUDIT" -j "$T/cfg.exe" | python3 -c '
import json, sys
pe = json.load(sys.stdin)[0]["pe"]
assert pe["load_config"] and pe["security_cookie"] == int(sys.argv[1], 16), pe
assert pe["guard_flags"] == int(sys.argv[2], 16) and pe["ex_dll_characteristics"] & 1, pe
' "$cookie" "$flags" || fail "--json pe object differs from llvm-readobj"
fi
echo "pe-loadconfig: ok"
exit 0
