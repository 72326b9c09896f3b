#!/bin/sh
# CC="gcc -fstack-protector-strong" turns the canary on by default;
# -DHARDENING_STACK_PROTECTOR=OFF must remove it from the program and the
# library (the off flag -fno-stack-protector), while HARDENING=none keeps it.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC="gcc -fstack-protector-strong" cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DHARDENING_STACK_PROTECTOR=OFF
report_expect "$b/harden-report.txt" stack-protector "off -"
case " $(report_key "$b/harden-report.txt" cflags) " in
*" -fno-stack-protector "*) ;;
*) fail "no -fno-stack-protector in cflags: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
cmake_build "$b"
elf_has_canary "$b/tally" && fail "tally still has __stack_chk_fail"
elf_has_canary "$b/libtally.so" && fail "libtally.so still has __stack_chk_fail"
elf_has_chk "$b/tally" || fail "the other features went away too"

# Control: the same compiler command without the module's flags has it.
c=$T/control
CC="gcc -fstack-protector-strong" cmake_configure "$c" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=none
cmake_build "$c"
elf_has_canary "$c/tally" || fail "control: CC=\"gcc -fstack-protector-strong\" gave no canary"
exit 0
