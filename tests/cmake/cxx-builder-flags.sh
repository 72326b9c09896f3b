#!/bin/sh
# The builder's C++ flags win on C++ lines and only there:
# -DCMAKE_CXX_FLAGS=-fno-stack-protector makes stack-protector the
# builder's in the C++ report (state builder, no flag added), so words.cc's
# line has -fno-stack-protector once and no -fstack-protector-strong, and
# words has no canary; the C report and the C lines keep the canary.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf

b=$T/build
CC=gcc CXX=g++ cxx_example "$b" -DCMAKE_CXX_FLAGS=-fno-stack-protector -DBUILD_TESTING=OFF
x=$b/harden-report-cxx.txt
[ "$(report_state "$x" stack-protector)" = builder ] || fail "C++: stack-protector is $(report_state "$x" stack-protector), want builder"
report_expect "$b/harden-report.txt" stack-protector "on strong"
case " $(report_key "$x" cflags) $(report_key "$x" ldflags) " in
*-fstack-protector*) fail "the C++ report adds a stack protector flag" ;;
esac
cmake_build "$b"
line=$(build_line "$b.build.log" ' -c [^ ]*/words\.cc$')
[ "$(echo "$line" | tr ' ' '\n' | grep -c -- '^-fno-stack-protector$')" = 1 ] || fail "-fno-stack-protector not once: $line"
echo "$line" | grep -q -- '-fstack-protector-strong' && fail "harden's canary on the C++ line: $line"
build_line "$b.build.log" ' -c [^ ]*/main\.c$' | grep -q -- ' -fstack-protector-strong ' || fail "the C line lost the canary"
elf_has_canary "$b/words" && fail "words has a canary despite the builder's -fno-stack-protector"
elf_has_canary "$b/tally" || fail "tally (C) has no canary"
exit 0
