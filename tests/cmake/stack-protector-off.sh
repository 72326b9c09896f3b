#!/bin/sh
# CC="gcc -fstack-protector-strong" turns the canary on by default;
# -DHARDENING_STACK_PROTECTOR=OFF must remove it from the program and the
# library (the off flag -fno-stack-protector), while HARDENING=none keeps it.
. "$(dirname "$0")/helpers"

b=$T/build
CC="gcc -fstack-protector-strong" configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DHARDENING_STACK_PROTECTOR=OFF
expect_state "$b" stack-protector "off -"
case " $(report "$b" cflags) " in
*" -fno-stack-protector "*) ;;
*) fail "no -fno-stack-protector in cflags: $(report "$b" cflags)" ;;
esac
build "$b"
has_canary "$b/tally" && fail "tally still has __stack_chk_fail"
has_canary "$b/libtally.so" && fail "libtally.so still has __stack_chk_fail"
has_fortify "$b/tally" || fail "the other features went away too"

# Control: the same compiler command without the module's flags has it.
c=$T/control
CC="gcc -fstack-protector-strong" configure "$c" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDENING=none
build "$c"
has_canary "$c/tally" || fail "control: CC=\"gcc -fstack-protector-strong\" gave no canary"
exit 0
