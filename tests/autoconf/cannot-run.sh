# When harden's probes cannot run (here: the compiler wrapper fails every
# probe, as distcc does with its servers gone), configure stops with the
# driver's message, caches nothing, and the next configure -C, with the
# outage over, probes and hardens.  --disable-hardening needs no probe.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
outage_cc
autotools_small ex -C CC="$T/outage-cc" && fail "configure passed during the outage"
grep -q "^configure: error: cannot run: $T/outage-cc cannot build a program with the builder's flags: distcc\[[0-9]*\] ERROR: compile probe.c on host1 failed\$" ex/configure.out ||
	fail "message: $(tail -n 1 ex/configure.out)"
grep -q '^harden_cv_\(stack\|pie\|relro\)' ex/config.cache && fail "results cached: $(grep '^harden_cv' ex/config.cache)"
rm "$T/outage"
(cd ex && ./configure -C CC="$T/outage-cc" >configure.out 2>&1) || fail "configure failed after the outage: $(tail -n 1 ex/configure.out)"
[ "$(summary_state ex stack-protector)" = on ] || fail "stack-protector: $(grep '^  stack-protector' ex/configure.out)"
grep -q 'checking for stack-protector... strong$' ex/configure.out || fail "stack-protector was not probed: $(grep 'for stack-protector' ex/configure.out)"
touch "$T/outage"
autotools_small off --disable-hardening CC="$T/outage-cc" || fail "--disable-hardening failed: $(tail -n 1 off/configure.out)"
echo ok
