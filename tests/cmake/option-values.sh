#!/bin/sh
# Value names select exactly that candidate: HARDENING_STACK_PROTECTOR=basic
# gives -fstack-protector --param=ssp-buffer-size=4, HARDENING_FORTIFY_SOURCE=2
# gives -D_FORTIFY_SOURCE=2 (not 3), and both show in the binaries; ON asks
# for a feature outside the level (HARDENING_WRAPV=ON at the standard level).
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DHARDENING_STACK_PROTECTOR=basic -DHARDENING_FORTIFY_SOURCE=2 -DHARDENING_WRAPV=ON
report_expect "$b/harden-report.txt" stack-protector "on basic"
report_expect "$b/harden-report.txt" fortify-source "on 2"
report_expect "$b/harden-report.txt" wrapv "on yes"
report_expect "$b/harden-report.txt" no-strict-aliasing "off -"
[ "$(report_key "$b/harden-report.txt" cppflags)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "cppflags: $(report_key "$b/harden-report.txt" cppflags)"
case " $(report_key "$b/harden-report.txt" cflags) " in
*" -fstack-protector --param=ssp-buffer-size=4 "*) ;;
*) fail "cflags: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
case " $(report_key "$b/harden-report.txt" cflags) " in
*" -fno-strict-overflow "*) ;;
*) fail "no -fno-strict-overflow: $(report_key "$b/harden-report.txt" cflags)" ;;
esac
case " $(report_key "$b/harden-report.txt" cflags) " in
*-fstack-protector-strong*) fail "strong with basic requested" ;;
esac
cmake_build "$b"
grep -- 'main.c.o -c' "$b.build.log" | grep -q -- '-D_FORTIFY_SOURCE=2 .*-fstack-protector --param=ssp-buffer-size=4' ||
	fail "compile line lacks the selected flags"
elf_has_canary "$b/tally" || fail "no canary"
elf_has_chk "$b/tally" || fail "no fortified calls"
exit 0
