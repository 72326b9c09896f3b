#!/bin/sh
# Value names select exactly that candidate: HARDENING_STACK_PROTECTOR=basic
# gives -fstack-protector --param=ssp-buffer-size=4, HARDENING_FORTIFY_SOURCE=2
# gives -D_FORTIFY_SOURCE=2 (not 3), and both show in the binaries; ON asks
# for a feature outside the level (HARDENING_WRAPV=ON at the standard level).
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DHARDENING_STACK_PROTECTOR=basic -DHARDENING_FORTIFY_SOURCE=2 -DHARDENING_WRAPV=ON
expect_state "$b" stack-protector "on basic"
expect_state "$b" fortify-source "on 2"
expect_state "$b" wrapv "on yes"
expect_state "$b" no-strict-aliasing "off -"
[ "$(report "$b" cppflags)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "cppflags: $(report "$b" cppflags)"
case " $(report "$b" cflags) " in
*" -fstack-protector --param=ssp-buffer-size=4 "*) ;;
*) fail "cflags: $(report "$b" cflags)" ;;
esac
case " $(report "$b" cflags) " in
*" -fno-strict-overflow "*) ;;
*) fail "no -fno-strict-overflow: $(report "$b" cflags)" ;;
esac
case " $(report "$b" cflags) " in
*-fstack-protector-strong*) fail "strong with basic requested" ;;
esac
build "$b"
grep -- 'main.c.o -c' "$b.build.log" | grep -q -- '-D_FORTIFY_SOURCE=2 .*-fstack-protector --param=ssp-buffer-size=4' ||
	fail "compile line lacks the selected flags"
has_canary "$b/tally" || fail "no canary"
has_fortify "$b/tally" || fail "no fortified calls"
exit 0
