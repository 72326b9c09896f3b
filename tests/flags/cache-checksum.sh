# A cache entry carries a checksum of its report: an entry edited by hand
# or cut short is probed again (with a note when the checksum disagrees),
# never trusted.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" --cache=c >first || fail "first run failed"
grep -q '^checksum [0-9]* [0-9]*$' c || fail "no checksum line: $(grep -v '^input' c | head -n 3)"
# Edited: stack-protector "all" instead of "strong".
sed 's/-fstack-protector-strong/-fstack-protector-all/g' c >c.new && mv c.new c
sh "$H" --cache=c >second 2>err || fail "second run failed"
[ "$(cat err)" = "harden-flags: note: the cache c does not match its checksum: probing again" ] ||
	fail "note: $(cat err)"
[ "$(report_key second runs)" -gt 0 ] || fail "the edited cache was trusted"
report_expect second stack-protector "on strong"
sh "$H" --cache=c >third 2>err && [ "$(report_key third runs)" = 0 ] && [ ! -s err ] ||
	fail "the rewritten cache was not used: $(cat err)"
# Cut short, in the report (all but 3 lines) or before it (5 lines).
for keep in "$(( $(wc -l <c) - 3 ))" 5; do
	head -n "$keep" c >c.new && mv c.new c
	sh "$H" --cache=c >cut 2>err || fail "cut to $keep lines: failed"
	[ "$(report_key cut runs)" -gt 0 ] || fail "a cache cut to $keep lines was trusted"
	grep -v '^runs=' first >a; grep -v '^runs=' cut >b
	cmp -s a b || fail "cut to $keep lines: the report differs"
done
echo ok
