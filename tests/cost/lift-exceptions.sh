#!/bin/sh
# --lift-exceptions (issue 33): the level is built once more with
# HARDEN_LIFT_EXCEPTIONS=yes in every step's environment, so that each
# target's exception (harden-flags --except, as every frontend runs it) is
# not applied, and priced against the level as "exceptions lifted".  A
# plain-Makefile project of two programs, interp without stack-protector:
# the baseline's interp has no canary, the lifted build's has one (read
# by the workload on each variant's build), prog has one in both; the
# cost is a section of its own, and a comparison of kind "exceptions" in
# the JSON.  At level none there is nothing to lift: a usage error.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3 readelf
mkdir -p "$T/p"
cp "$S/tests/autoconf/except/m.c" "$T/p/" || exit 99
cat >"$T/p/Makefile" <<'EOM'
all: prog interp
interp.mk:
	CPPFLAGS= CFLAGS="-O2 -g" LDFLAGS= sh $(HARDEN_FLAGS) --except=stack-protector --reason="reads its own stack" \
		--export=make --export-prefix=INTERP_ >$@.tmp && mv $@.tmp $@
include interp.mk
prog: m.c
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ m.c
interp: m.c
	$(CC) $(INTERP_CPPFLAGS) $(INTERP_CFLAGS) $(INTERP_EXE_CFLAGS) $(INTERP_LDFLAGS) \
		$(INTERP_EXE_LDFLAGS) -O2 -o $@ m.c
EOM
cat >"$T/work.sh" <<'EOS'
d=$HARDEN_COST_BUILDDIR
c() { readelf -W --dyn-syms "$d/$1" | grep -q __stack_chk_fail && echo canary || echo none; }
echo "$HARDEN_COST_VARIANT prog=$(c prog) interp=$(c interp)" >>"$T/seen"
EOS
"$HC" --make "$T/p" --run true --level none --single --lift-exceptions >out 2>err && fail "--lift-exceptions at none"
[ $? -eq 2 ] && grep -q 'no exception to lift at level none' err || fail "at none: $(cat err)"
cost_make "$T/p" --features relro --lift-exceptions --layouts 1 --rounds 2 --instructions none --quiet \
	--seed 3 --workdir "$T/w" --make-arg "HARDEN_FLAGS=$S/catalog/harden-flags" \
	--run "T='$T' sh '$T/work.sh'" --json="$T/out.json" >out 2>err || fail "harden-cost failed: $(cat err)"
grep -q "^Cost of the targets' exceptions (standard, then with every exception lifted" out ||
	fail "no section of the exceptions: $(cat out)"
grep -Eq '^  exceptions lifted ' out || fail "no cost of the exceptions: $(cat out)"
grep -qx 'standard prog=canary interp=none' "$T/seen" || fail "the baseline's builds: $(cat "$T/seen")"
grep -qx 'standard-no-exceptions prog=canary interp=canary' "$T/seen" || fail "the lifted build: $(cat "$T/seen")"
[ "$(json_get "$T/out.json" '[m["kind"] for m in j["costs"]].count("exceptions")')" = 1 ] ||
	fail "JSON: not 1 exceptions cost"
echo ok
