#!/bin/sh
# --lift-exceptions (issue 33): the level is built once more with
# HARDEN_LIFT_EXCEPTIONS=yes in every step's environment, so that each
# target's exception (harden-flags --except, as every frontend runs it) is
# not applied, and priced against the level as "exceptions lifted".  A
# plain-Makefile project of three programs, interp without stack-protector
# and lazy without bind-now: the baseline's interp has no canary and lazy
# no BIND_NOW, the lifted build's have them (read by the workload on each
# variant's build), prog has both in every build; the cost is a section of
# its own, and a comparison of kind "exceptions" in the JSON.  With a list
# (--lift-exceptions=stack-protector,bind-now) each feature's exceptions
# are lifted alone (HARDEN_LIFT_EXCEPTIONS=FEATURE), one cost each: the
# price of one exception where a project has several.  At level none there
# is nothing to lift, and an unknown feature in the list, or one twice:
# usage errors.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3 readelf
mkdir -p "$T/p"
cp "$S/tests/autoconf/except/m.c" "$T/p/" || exit 99
cat >"$T/p/Makefile" <<'EOM'
all: prog interp lazy
# interp.mk, lazy.mk: the flags of interp (no stack-protector), lazy (no bind-now).
interp.mk lazy.mk:
	CPPFLAGS= CFLAGS="-O2 -g" LDFLAGS= sh $(HARDEN_FLAGS) --except=$(if $(filter interp.mk,$@),stack-protector,bind-now) \
		--reason="a test" --export=make --export-prefix=$(basename $@)_ >$@.tmp && mv $@.tmp $@
include interp.mk lazy.mk
prog: m.c
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ m.c
interp lazy: m.c
	$(CC) $($@_CPPFLAGS) $($@_CFLAGS) $($@_EXE_CFLAGS) $($@_LDFLAGS) $($@_EXE_LDFLAGS) -O2 -o $@ m.c
EOM
cat >"$T/work.sh" <<'EOS'
d=$HARDEN_COST_BUILDDIR
c() { readelf -W --dyn-syms "$d/$1" | grep -q __stack_chk_fail && echo canary || echo none; }
n() { readelf -dW "$d/$1" | grep -q -e BIND_NOW -e 'FLAGS_1.* NOW' && echo now || echo lazy; }
echo "$HARDEN_COST_VARIANT prog=$(c prog),$(n prog) interp=$(c interp) lazy=$(n lazy)" >>"$T/seen"
EOS
"$HC" --make "$T/p" --run true --level none --single --lift-exceptions >out 2>err && fail "--lift-exceptions at none"
[ $? -eq 2 ] && grep -q 'no exception to lift at level none' err || fail "at none: $(cat err)"
cost_make "$T/p" --run true --lift-exceptions=stack-protector,bind-nw >out 2>err && fail "an unknown feature to lift"
[ $? -eq 2 ] && grep -q "unknown feature 'bind-nw' in --lift-exceptions" err || fail "bind-nw: $(cat err)"
cost_make "$T/p" --run true --lift-exceptions=relro,bind-now,relro >out 2>err && fail "a feature twice to lift"
[ $? -eq 2 ] && grep -q "'relro' is in --lift-exceptions twice" err || fail "relro twice: $(cat err)"
# lift ARGS...: harden-cost with --lift-exceptions ARGS..., the workload's
# lines in $T/seen, its output in out and $T/out.json.
nlift=0
lift() {
	: >"$T/seen"
	nlift=$((nlift + 1))
	cost_make "$T/p" --features relro --layouts 1 --rounds 2 --instructions none --quiet \
		--seed 3 --workdir "$T/w$nlift" --make-arg "HARDEN_FLAGS=$S/catalog/harden-flags" \
		--run "T='$T' sh '$T/work.sh'" --json="$T/out.json" "$@" >out 2>err || fail "harden-cost $*: $(cat err)"
}
lift --lift-exceptions
grep -q "^Cost of the targets' exceptions (standard, then with every exception lifted" out ||
	fail "no section of the exceptions: $(cat out)"
grep -Eq '^  exceptions lifted ' out || fail "no cost of the exceptions: $(cat out)"
grep -qx 'standard prog=canary,now interp=none lazy=lazy' "$T/seen" || fail "the baseline's builds: $(cat "$T/seen")"
grep -qx 'standard-no-exceptions prog=canary,now interp=canary lazy=now' "$T/seen" || fail "the lifted build: $(cat "$T/seen")"
[ "$(json_get "$T/out.json" '[m["kind"] for m in j["costs"]].count("exceptions")')" = 1 ] ||
	fail "JSON: not 1 exceptions cost"
lift --lift-exceptions=stack-protector,bind-now
grep -q "^Cost of the targets' exceptions (standard, then with each feature's exceptions lifted" out ||
	fail "no section of each feature's exceptions: $(cat out)"
for f in stack-protector bind-now; do
	grep -Eq "^  $f exceptions lifted " out || fail "no cost of $f's exceptions: $(cat out)"
done
grep -qx 'standard-no-stack-protector-exceptions prog=canary,now interp=canary lazy=lazy' "$T/seen" &&
	grep -qx 'standard-no-bind-now-exceptions prog=canary,now interp=none lazy=now' "$T/seen" ||
	fail "each feature's exceptions not lifted alone: $(cat "$T/seen")"
names='sorted(m["name"] for m in j["costs"] if m["kind"] == "exceptions")'
[ "$(json_get "$T/out.json" "$names")" = "['bind-now exceptions lifted', 'stack-protector exceptions lifted']" ] ||
	fail "JSON: $(json_get "$T/out.json" "$names")"
echo ok
