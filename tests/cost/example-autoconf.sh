#!/bin/sh
# harden-cost on examples/cost through Autoconf (m4/harden.m4 copied in,
# autoreconf -fi), instructions only: configure runs out of tree with
# --enable-hardening=L --disable-FEATURE, and the features come from the
# harden-report.txt HARDEN_CHECK writes in the build directory.
. "$(dirname "$0")/lib.sh"
cost_tool
need autoreconf automake valgrind
cp -R "$S/examples/cost" "$T/src" && rm -f "$T/src/subprojects/harden" &&
	cp "$S/m4/harden.m4" "$T/src/m4/" || fail "cannot copy the example"
(cd "$T/src" && autoreconf -fi) >autoreconf.log 2>&1 || fail "autoreconf failed: $(tail autoreconf.log)"
HARDEN_COST_NO_PERF=1 "$HC" --autoconf "$T/src" --rounds 0 --workdir "$T/work" --keep \
	--features stack-protector --quiet --run '$HARDEN_COST_WRAP "$HARDEN_COST_BUILDDIR/costbench" recurse' >out 2>err
rc=$?
cat out
[ "$rc" -eq 0 ] || fail "exit $rc: $(tail -n 20 err)"
grep -q -- 'configure --enable-hardening=standard --disable-stack-protector$' "$T/work/logs/standard-no-stack-protector.build.log" ||
	fail "standard-no-stack-protector was not configured with --disable-stack-protector"
elf_has_canary "$T/work/standard/costbench" || fail "standard has no canary"
elf_has_canary "$T/work/standard-no-stack-protector/costbench" && fail "standard-no-stack-protector has canaries"
grep -q '^  stack-protector  *-  *+[0-9.]*%$' out || fail "no stack-protector row with instructions"
grep -q '^  fortify-source  *on  *not in --features' out || fail "fortify-source is not listed as on"
grep -q '^  auto-var-init  *off  *not in level standard' out || fail "auto-var-init's reason is not listed"
echo ok
