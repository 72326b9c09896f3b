# m4/harden.m4 carries the catalog: its generated section must be exactly
# what tools/embed-catalog makes from catalog/ now.
. "$HARDEN_SRCDIR/tests/lib.sh"
need cc
cc -O2 -Wall -Wextra -Werror -o embed "$HARDEN_SRCDIR/tools/embed-catalog.c" || fail "embed-catalog does not build cleanly"
cp "$HARDEN_SRCDIR/m4/harden.m4" harden.m4
./embed "$HARDEN_SRCDIR/catalog" harden.m4 || fail "embed-catalog failed"
cmp -s harden.m4 "$HARDEN_SRCDIR/m4/harden.m4" ||
	fail "m4/harden.m4 is stale: run tools/embed-catalog catalog m4/harden.m4 ($(diff "$HARDEN_SRCDIR/m4/harden.m4" harden.m4 | head -n 5))"
# Every catalog feature has its --enable option.
for f in $(sed -n 's/^feature \([^ ]*\) .*/\1/p' "$HARDEN_SRCDIR/catalog/features.txt"); do
	grep -q "^\$1(\[$f\]," harden.m4 || fail "$f has no _HARDEN_FOREACH_FEATURE entry"
done
echo ok
