# With --errors=machine, an explicit request that cannot be met (exit 1)
# is followed on standard error by a line for programs, "harden-flags:
# error=FEATURE REASON" with the reason of the feature's report line, and a
# cached report gives it again; without the option the message is alone, and
# a run that succeeds prints nothing there.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
CC=gcc CFLAGS=-O2 sh "$H" --errors=machine --cache="$T/cache" --enable-branch-protection >report 2>err &&
	fail "branch-protection on x86 accepted"
[ $? -eq 1 ] || fail "exit status not 1"
printf '%s\n' "harden-flags: cannot enable branch-protection: aarch64 only (target is x86)" \
	"harden-flags: error=branch-protection aarch64 only (target is x86)" >want
cmp -s want err || fail "messages: $(cat err)"
[ "$(report_reason report branch-protection)" = "aarch64 only (target is x86)" ] ||
	fail "not the report's reason: $(report_reason report branch-protection)"
CC=gcc CFLAGS=-O2 sh "$H" --errors=machine --cache="$T/cache" --enable-branch-protection >report2 2>err
[ "$(report_key report2 runs)" = 0 ] || fail "the cache was not used"
cmp -s want err || fail "messages of the cached report: $(cat err)"
# A --disable that the builder's flag defeats: the reason names it.
CC=gcc CFLAGS="-O2 -fstack-protector-strong" sh "$H" --disable-stack-protector --errors=machine >report 2>err &&
	fail "disable against the builder's flag accepted"
[ "$(sed -n 2p err)" = "harden-flags: error=stack-protector $(report_reason report stack-protector)" ] ||
	fail "messages: $(cat err)"
grep -q "(the builder's flags have -fstack-protector-strong)\$" err || fail "reason: $(cat err)"
[ "$(wc -l <err)" -eq 2 ] || fail "not two lines: $(cat err)"
# Without the option: the message alone.
CC=gcc CFLAGS=-O2 sh "$H" --cache="$T/cache" --enable-branch-protection >/dev/null 2>err
[ "$(cat err)" = "harden-flags: cannot enable branch-protection: aarch64 only (target is x86)" ] ||
	fail "without --errors=machine: $(cat err)"
# A run that succeeds.
CC=gcc CFLAGS=-O2 sh "$H" --errors=machine --cache="$T/cache" --enable-stack-protector >/dev/null 2>err ||
	fail "--enable-stack-protector failed: $(cat err)"
[ ! -s err ] || fail "messages of a run that succeeded: $(cat err)"
echo ok
