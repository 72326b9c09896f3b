#!/bin/sh
# An unknown name in --features is a usage error (exit 2) that lists every
# feature of catalog/features.txt, found through the Meson wrap of the
# project, or given with --catalog (its features.txt or its directory);
# nothing is built.
. "$(dirname "$0")/lib.sh"
cost_tool
features=$(sed -n 's/^feature \([^ ]*\) .*/\1/p' "$S/catalog/features.txt")
[ -n "$features" ] || fail "no features in the catalog"
check() {
	[ "$rc" -eq 2 ] || fail "$1: exit $rc, want 2: $(cat err)"
	grep -q "unknown feature 'stack-protecter' in --features; valid names:" err ||
		fail "$1: no message naming the unknown feature: $(cat err)"
	for f in $features; do
		grep -qx "  $f" err || fail "$1: $f is not listed: $(cat err)"
	done
	[ -z "$(ls "$T/work" 2>/dev/null)" ] || fail "$1: something was built in $T/work"
}
"$HC" --meson "$S/examples/cost" --run true --workdir "$T/work" \
	--features pie,stack-protecter >out 2>err
rc=$?
check "through the wrap"
tiny_project "$T/p"
"$HC" --make "$T/p" --run true --workdir "$T/work" --catalog "$S/catalog/features.txt" \
	--features stack-protecter >out 2>err
rc=$?
check "with --catalog"
"$HC" --make "$T/p" --run true --workdir "$T/work" --catalog "$S/catalog" \
	--features stack-protecter >out 2>err
rc=$?
check "with --catalog DIR"
echo ok
