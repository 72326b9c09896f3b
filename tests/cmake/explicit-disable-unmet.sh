#!/bin/sh
# A request to turn a feature off that cannot be met stops the configuration
# with the option that made it and the driver's reason: CMAKE_C_FLAGS come
# after the module's flags in every probe, so -fstack-protector-strong there
# defeats HARDENING_STACK_PROTECTOR=OFF (and the lower-case "no").  The
# option is named from the driver's "harden-flags: error=FEATURE REASON"
# line; the summary and the report are written first.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

for v in OFF no; do
	CC=gcc cmake_configure_fails "$T/$v.log" "$T/b$v" "$EXAMPLE" -DCMAKE_BUILD_TYPE=Release \
		"-DCMAKE_C_FLAGS=-fstack-protector-strong" "-DHARDENING_STACK_PROTECTOR=$v"
	grep -q "HARDENING_STACK_PROTECTOR=$v: cannot disable stack-protector: still present (sym:[^ ]*) (the builder's flags have -fstack-protector-strong)\$" "$T/$v.log" ||
		{ cat "$T/$v.log"; fail "$v: no error naming the option and the builder's flag"; }
	grep -q 'stack-protector - [a-z]*: ' "$T/$v.log" || fail "$v: no summary before the error"
	[ "$(report_state "$T/b$v/harden-report.txt" stack-protector)" != off ] || fail "$v: stack-protector off in the report"
	grep -q 'harden-flags: error=' "$T/$v.log" && fail "$v: the driver's error line is shown"
done
exit 0
