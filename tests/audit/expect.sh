#!/bin/sh
# expect.sh - --expect is a gate: exit 0 when every expected feature is
# proven (yes, or n/a as documented in harden-audit(1)), 1 when one is no or
# unknown (unknown is not proven), with a message naming file and feature;
# the worst status over several files is returned.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
write_sources
cc=${HARDEN_GCC:-gcc}
b() {	# b NAME SOURCE FLAGS...
	n=$1 s=$2
	shift 2
	$cc "$@" -o "$T/$n" "$T/src/$s" || fail "cannot build $n"
}
b std prog.c $STD
b std-rec prog.c $STD -frecord-gcc-switches
b none prog.c
b lib.so lib.c -shared -fPIC -O2
b static prog.c -static -O2
b bounds-rec prog.c $STD -fsanitize=bounds -fsanitize-undefined-trap-on-error -frecord-gcc-switches
b bounds-off-rec prog.c $STD -fsanitize=bounds -fno-sanitize=bounds -frecord-gcc-switches
b obj.o prog.c -c -O2


base=pie,relro,bind-now,noexecstack,stack-protector,fortify-source
check_expect 0 "$base" "$T/std"
check_expect 0 "$base,stack-clash-protection" "$T/std-rec"
check_expect 1 "$base" "$T/none"
grep -q "$T/none: stack-protector not proven: unknown" "$T/err" ||
	fail "no message for the unknown canary"
grep -q "$T/none: bind-now not proven: no" "$T/err" ||
	fail "no message for missing bind-now"
check_expect 1 stack-clash-protection "$T/std"		# unknown: no command line
check_expect 1 cf-protection "$T/std"			# Debian crt files drop IBT/SHSTK
check_expect 2 format-security "$T/std"		# never provable: refused (expect-unprovable.sh)
check_expect 1 auto-var-init "$T/std-rec"		# recorded, and absent: no
check_expect 0 trap-bounds "$T/bounds-rec"		# recorded -fsanitize=bounds
check_expect 1 trap-bounds "$T/bounds-off-rec"		# ... turned off again later
check_expect 1 trap-bounds "$T/std"			# no command line: unknown
check_expect 0 branch-protection "$T/std"		# n/a on x86 counts as proven
check_expect 0 pie "$T/lib.so"				# shared library without TEXTREL: n/a
if $cc -m32 -O2 -nostdlib -shared -fno-pic -o "$T/textrel.so" \
    "$T/src/textrel.c" 2>/dev/null; then
	check_expect 1 pie "$T/textrel.so"		# ... with TEXTREL: no
	grep -q 'text relocations' "$T/err" || fail "no TEXTREL reason"
fi
check_expect 0 bind-now "$T/static"			# static: n/a
check_expect 1 pie "$T/static"
check_expect 0 pie,relro,bind-now "$T/obj.o"		# objects: decided at link time
check_expect 1 noexecstack,stack-protector "$T/std" "$T/none"	# worst status
check_expect 2 pie "$T/std" "$T/none" "$T/missing"
check_expect 0 " pie , relro ,, " "$T/std"		# blanks and empty items ignored
echo "expect: ok"
exit 0
