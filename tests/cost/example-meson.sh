#!/bin/sh
# harden-cost on examples/cost through Meson, with 2 rounds and perf
# treated as unavailable: each variant is built with the frontend's own
# options, the report's states are listed, and instructions come from
# callgrind through HARDEN_COST_WRAP.  Structure only: no timed assertion.
# --force-fallback-for (a --configure-arg, before the variant's options):
# the wrap's subproject without a search for an installed harden, which
# runs pkg-config and CMake in every variant's setup.
. "$(dirname "$0")/lib.sh"
cost_tool
need meson ninja valgrind python3
HARDEN_COST_NO_PERF=1 "$HC" --meson "$S/examples/cost" --rounds 2 --workdir "$T/work" --keep \
	--configure-arg --force-fallback-for=harden-exe \
	--features stack-protector,cf-protection,relro --json="$T/out.json" \
	--run '$HARDEN_COST_WRAP "$HARDEN_COST_BUILDDIR/costbench" lrange' >out 2>err
rc=$?
cat out
[ "$rc" -eq 0 ] || fail "exit $rc: $(tail -n 20 err)"
grep -q '^time: wall time of the command, lower is better; instructions: callgrind (perf_event_open disabled by HARDEN_COST_NO_PERF)$' out ||
	fail "the header does not name callgrind and why"
grep -q '^  stack-protector  *[-+0-9.]*% (2 rounds: too few for an interval) *+[0-9.]*%\( .*\)*$' out ||
	fail "no stack-protector row with time and instructions"
grep -q '^  relro .*(also without bind-now)$' out || fail "relro does not say it takes bind-now"
grep -q '^  standard vs none ' out || fail "no level row"
grep -q '^  branch-protection  *unsupported  *aarch64 only' out || fail "branch-protection and its reason are not listed"
grep -q '^  auto-var-init  *off  *not in level standard' out || fail "auto-var-init and its reason are not listed"
grep -q 'overstate nop-like costs (endbr64' out || fail "no note on instruction counts"
grep -q -- '-Dharden:hardening=standard -Dharden:cf_protection=disabled' "$T/work/logs/standard-no-cf-protection.build.log" ||
	fail "standard-no-cf-protection was not configured with the Meson option"
grep -q -- '-Dharden:hardening=none' "$T/work/logs/none.build.log" || fail "none was not configured with hardening=none"
# builds in v001..., with links named after the variants (same-length paths)
dir=$(readlink "$T/work/standard") || fail "no link named after the standard variant"
ls "$T/work/counts/$dir"/callgrind.* >/dev/null 2>&1 || fail "no callgrind output for the standard variant"
[ "$(json_get "$T/out.json" 'j["instructions"]["counter"]')" = callgrind ] || fail "JSON: counter is not callgrind"
[ "$(json_get "$T/out.json" 'all(v["instructions"] > 1e7 for v in j["variants"])')" = True ] ||
	fail "a variant has no instruction count: $(json_get "$T/out.json" '[(v["name"], v["instructions"]) for v in j["variants"]]')"
[ "$(json_get "$T/out.json" '[c["instructions"]["ratio"] for c in j["costs"] if c["name"] == "stack-protector"][0] > 1.01')" = True ] ||
	fail "stack-protector costs no instructions on lrange"
[ "$(json_get "$T/out.json" '[c["instructions"]["ratio"] for c in j["costs"] if c["name"] == "cf-protection"][0] > 1')" = True ] ||
	fail "cf-protection (endbr64) costs no instructions"
[ "$(json_get "$T/out.json" 'sorted(len(v["samples"]) for v in j["variants"])')" = "[2, 2, 2, 2, 2, 2]" ] ||
	fail "not 5 variants with 2 timed rounds each"
# standard-no-stack-protector lacks canaries, standard has them.
elf_has_canary "$T/work/standard/costbench" || fail "standard has no canary"
elf_has_canary "$T/work/standard-no-stack-protector/costbench" && fail "standard-no-stack-protector has canaries"
echo ok
