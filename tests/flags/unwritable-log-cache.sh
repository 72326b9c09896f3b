# A --log that cannot be written stops the run before any probe (exit 2,
# one line naming the file and the cause), not one shell error per
# command; a --cache that cannot be written costs time, not results: one
# warning naming the file, the same report as without a cache, exit 0.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2

sh "$H" --log="$T/nosuch/probe.log" --summary >out 2>err && fail "an unwritable log: exit 0"
rc=$?
[ $rc -eq 2 ] || fail "an unwritable log: exit $rc, not 2: $(cat err)"
grep -qx "harden-flags: cannot write the log $T/nosuch/probe.log: Directory nonexistent" err ||
	fail "an unwritable log: message: $(cat err)"
grep -q ' [0-9]*: ' err && fail "a shell error with a line number: $(cat err)"
[ ! -s out ] || fail "an unwritable log: output: $(cat out)"

sh "$H" --report >want 2>want.err || fail "no cache: $(cat want.err)"
sh "$H" --cache="$T/nosuch/cache" --report >got 2>err || fail "an unwritable cache: exit $?: $(cat err)"
[ "$(cat err)" = "harden-flags: warning: cannot write the cache $T/nosuch/cache: Directory nonexistent" ] ||
	fail "an unwritable cache: stderr: $(cat err)"
grep -v '^runs=' want >want.r
grep -v '^runs=' got >got.r
cmp -s want.r got.r || fail "the report differs with an unwritable cache: $(diff want.r got.r | head -n 5)"
[ ! -e "$T/nosuch" ] || fail "a directory was created for the cache"
exit 0
