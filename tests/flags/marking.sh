# cf-protection and branch-protection instrument the code, but the kernel
# enforces IBT/SHSTK and BTI only in a program whose GNU property note has
# them, which the linker drops when one start file or library lacks it
# (Debian 12's crt files).  The report says so exactly when a program built
# with the reported flags lacks the marking, and whether the compiled code
# (an object built with the reported flags) has it; the instrumentation
# (endbr64, paciasp) is there either way.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc aarch64-linux-gnu-gcc
H="$S/catalog/harden-flags"
printf '#include <stdio.h>\nint main(int argc, char **argv) { puts(argv[0]); return argc > 5; }\n' >p.c

# check CC FEATURE PROPERTY INSTRUCTION READELF OBJDUMP
check() {
	CC=$1 CFLAGS=-O2 sh "$H" --report >$1.report || fail "$1: harden-flags failed"
	[ "$(report_state $1.report $2)" = on ] || fail "$1: $2 is not on: $(report_reason $1.report $2)"
	$1 -O2 $(report_key $1.report cflags) $(report_key $1.report ldflags) \
		$(report_key $1.report exe_cflags) $(report_key $1.report exe_ldflags) -o $1.prog p.c ||
		fail "$1: cannot build with the reported flags"
	$6 -d $1.prog | grep -q "$4" || fail "$1: no $4 in the program"
	why=$(report_reason $1.report $2)
	if $5 -n $1.prog | grep 'Properties: .*feature:' | grep -q "$3"; then
		[ "$why" = - ] || fail "$1: the program is $3-marked, yet: $why"
	else
		case $why in *"not enforced: a start file or library lacks the $3"*) ;;
		*) fail "$1: the program is not $3-marked, yet the reason is: $why" ;; esac
		# Whether the compiled code has it, as readelf sees the object.
		$1 -O2 $(report_key $1.report cflags) -c -o $1.o p.c || fail "$1: cannot compile p.o"
		if $5 -n $1.o | grep 'Properties: .*feature:' | grep -q "$3"; then
			case $why in *"; not the compiled code: the probe's object is marked") ;;
			*) fail "$1: the object is $3-marked, yet the reason is: $why" ;; esac
		else
			case $why in *"; the probe's object lacks the marking too") ;;
			*) fail "$1: the object lacks $3, yet the reason is: $why" ;; esac
		fi
		grep "^detail $2 " $1.report | grep -q "; .*not enforced" || fail "$1: the summary does not say it"
		grep "^result $2 " $1.report | grep -q "; .*not enforced" || fail "$1: the cached result loses it"
	fi
}
check gcc cf-protection IBT endbr64 readelf objdump
check aarch64-linux-gnu-gcc branch-protection BTI paciasp aarch64-linux-gnu-readelf aarch64-linux-gnu-objdump
grep -q 'pointer authentication works' aarch64-linux-gnu-gcc.report || fail "aarch64: PAC not said to work"

# An LTO object has no code to read: the reason says nothing of it.
CC=gcc CFLAGS="-O2 -flto" sh "$H" --report >lto.report || fail "-flto: harden-flags failed"
case $(report_reason lto.report cf-protection) in
*"probe's object"*) fail "-flto: the reason speaks of the LTO object: $(report_reason lto.report cf-protection)" ;;
esac

# A known result keeps the note (Autoconf's cache, --known).
r=$(sed -n 's/^result cf-protection //p' gcc.report)
CC=gcc CFLAGS=-O2 sh "$H" --known="cf-protection=$r" >known.report || fail "--known failed"
[ "$(report_reason known.report cf-protection)" = "$(report_reason gcc.report cf-protection)" ] ||
	fail "--known lost the reason: $(report_reason known.report cf-protection)"
echo ok
