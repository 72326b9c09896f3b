#!/bin/sh
# An explicit request that cannot be met stops the configuration with an
# error naming the option and the reason, after the summary and the report
# are written:
# * HARDENING_BRANCH_PROTECTION=ON on x86_64, HARDENING_FORTIFY_SOURCE=3
#   without optimisation (the driver's message).  (The same features at
#   AUTO only report "unsupported": options.sh, its Debug build.)
# * turning a feature off: CMAKE_C_FLAGS come after the module's flags in
#   every probe, so -fstack-protector-strong there defeats
#   HARDENING_STACK_PROTECTOR=OFF (and the lower-case "no").  The option is
#   named from the driver's "harden-flags: error=FEATURE REASON" line,
#   which is not shown.
# (One build tree for the four: each configure sets every option it
# changed back.)
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need cmake gcc

b=$T/build
# refused N ARGS...: a configure of $b that must fail (a new report); its
# output in $T/N.log.
refused() {
	n=$1
	shift
	rm -f "$b/harden-report.txt"
	if CC=gcc cmake -S "$EXAMPLE" -B "$b" "$@" >"$T/$n.log" 2>&1; then
		fail "$* was accepted"
	fi
}

refused 1 -DCMAKE_BUILD_TYPE=Release -DHARDENING_BRANCH_PROTECTION=ON
grep -q 'HARDENING_BRANCH_PROTECTION=ON: cannot enable branch-protection: aarch64 only (target is x86)$' "$T/1.log" ||
	{ cat "$T/1.log"; fail "no error naming branch-protection"; }
grep -q 'branch-protection - unsupported: aarch64 only (target is x86)$' "$T/1.log" || fail "no summary before the error"
report_expect "$b/harden-report.txt" branch-protection "unsupported -"

refused 2 -DCMAKE_BUILD_TYPE=Debug -DHARDENING_BRANCH_PROTECTION=AUTO -DHARDENING_FORTIFY_SOURCE=3
grep -q 'HARDENING_FORTIFY_SOURCE=3: cannot enable fortify-source: needs optimisation' "$T/2.log" ||
	{ cat "$T/2.log"; fail "no error naming fortify-source"; }

for v in OFF no; do
	refused "$v" -DCMAKE_BUILD_TYPE=Release -DHARDENING_FORTIFY_SOURCE=AUTO \
		"-DCMAKE_C_FLAGS=-fstack-protector-strong" "-DHARDENING_STACK_PROTECTOR=$v"
	grep -q "HARDENING_STACK_PROTECTOR=$v: cannot disable stack-protector: still present (sym:[^ ]*) (the builder's flags have -fstack-protector-strong)\$" "$T/$v.log" ||
		{ cat "$T/$v.log"; fail "$v: no error naming the option and the builder's flag"; }
	grep -q 'stack-protector - [a-z]*: ' "$T/$v.log" || fail "$v: no summary before the error"
	[ "$(report_state "$b/harden-report.txt" stack-protector)" != off ] || fail "$v: stack-protector off in the report"
	grep -q 'harden-flags: error=' "$T/$v.log" && fail "$v: the driver's error line is shown"
done
exit 0
