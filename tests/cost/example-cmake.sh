#!/bin/sh
# harden-cost on examples/cost through CMake, instructions only (--rounds
# 0): the variants get -DHARDENING=L -DHARDENING_FEATURE=OFF and the
# features come from BUILD/harden-report.txt.
. "$(dirname "$0")/lib.sh"
cost_tool
need cmake valgrind
HARDEN_COST_NO_PERF=1 "$HC" --cmake "$S/examples/cost" --rounds 0 --workdir "$T/work" --keep \
	--features pie --quiet --run '$HARDEN_COST_WRAP "$HARDEN_COST_BUILDDIR/costbench" sha256' >out 2>err
rc=$?
cat out
[ "$rc" -eq 0 ] || fail "exit $rc: $(tail -n 20 err)"
grep -q -- '-DHARDENING=standard -DHARDENING_PIE=OFF' "$T/work/logs/standard-no-pie.build.log" ||
	fail "standard-no-pie was not configured with -DHARDENING_PIE=OFF"
elf_is_pie "$T/work/standard/costbench" || fail "standard is not PIE"
elf_is_pie "$T/work/standard-no-pie/costbench" && fail "standard-no-pie is PIE"
grep -q '^  pie  *-  *[-+][0-9.]*%$' out || fail "no pie row with instructions only"
grep -q '^  stack-protector  *on  *not in --features' out || fail "stack-protector is not listed as on"
grep -q '^  branch-protection  *unsupported  *aarch64 only' out || fail "branch-protection's reason is not listed"
echo ok
