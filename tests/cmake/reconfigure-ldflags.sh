#!/bin/sh
# The cache key includes the linker flags: adding -Wl,-z,lazy (bind-now's
# off flag) to CMAKE_EXE_LINKER_FLAGS re-runs the probes, and bind-now is
# left to the builder, who turned it off: state builder, value off, the
# effect absent, no -Wl,-z,now added.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
report_expect "$b/harden-report.txt" bind-now "on yes"
run "$T/re.log" cmake "$b" -DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,lazy
grep -q 'Probing hardening flags' "$T/re.log" || fail "probes did not re-run"
report_expect "$b/harden-report.txt" bind-now "builder off"
[ "$(report_reason "$b/harden-report.txt" bind-now)" = "set by the builder (-Wl,-z,lazy); absent" ] ||
	fail "unexpected reason: $(report_reason "$b/harden-report.txt" bind-now)"
case " $(report_key "$b/harden-report.txt" ldflags) " in
*" -Wl,-z,now "*) fail "-Wl,-z,now still added: $(report_key "$b/harden-report.txt" ldflags)" ;;
esac
report_expect "$b/harden-report.txt" relro "on yes"
exit 0
