#!/bin/sh
# HARDEN_CATALOG means one thing to harden-cost and harden-flags: the
# catalog directory.  A features.txt there is a usage error naming it; a
# directory is where harden-cost lists the features from, and the
# harden-flags of a --make build reads the same catalog (--catalog=DIR),
# which --catalog overrides for both.
. "$(dirname "$0")/lib.sh"
cost_tool
tiny_project "$T/p"
hc() {
	"$HC" --make "$T/p" --harden-flags "$S/catalog/harden-flags" --instructions none \
		--rounds 1 --quiet --run '"$HARDEN_COST_BUILDDIR/hello"' "$@" >out 2>err
}
HARDEN_CATALOG=$S/catalog/features.txt hc --workdir "$T/w0"
rc=$?
[ "$rc" -eq 2 ] || fail "HARDEN_CATALOG=features.txt: exit $rc, want 2: $(cat err)"
grep -qF "HARDEN_CATALOG=$S/catalog/features.txt is not a catalog directory" err ||
	fail "HARDEN_CATALOG=features.txt: no message naming it: $(cat err)"

# a catalog without format-security
mkdir "$T/cat" && cp "$S"/catalog/* "$T/cat/" || exit 99
grep -v ' format-security ' "$S/catalog/features.txt" >"$T/cat/features.txt"
HARDEN_CATALOG=$T/cat sh "$S/catalog/harden-flags" --list=tsv | grep -q '^format-security' &&
	fail "harden-flags reads HARDEN_CATALOG otherwise"
HARDEN_CATALOG=$T/cat hc --workdir "$T/w1" --features format-security
rc=$?
[ "$rc" -eq 2 ] && grep -q "unknown feature 'format-security'" err ||
	fail "HARDEN_CATALOG=DIR: not the features of DIR (exit $rc): $(cat err)"
HARDEN_CATALOG=$T/cat hc --workdir "$T/w2" --features relro --keep ||
	fail "HARDEN_CATALOG=DIR: exit $?: $(cat err)"
grep -q -- "--catalog=$T/cat " "$T/w2/logs/standard.build.log" ||
	fail "the build's harden-flags did not get --catalog=$T/cat: $(grep harden-flags "$T/w2/logs/standard.build.log")"
grep -q '^feature format-security ' "$T/w2/v001-1/harden-report.txt" &&
	fail "the build's harden-flags read another catalog than HARDEN_CATALOG"
grep -q 'format-security' out && fail "format-security in the report: $(cat out)"
# --catalog wins, for harden-cost and its harden-flags alike
HARDEN_CATALOG=$T/cat hc --workdir "$T/w3" --features format-security --catalog "$S/catalog" --keep ||
	fail "--catalog over HARDEN_CATALOG: exit $?: $(cat err)"
grep -q -- "--catalog=$S/catalog " "$T/w3/logs/standard.build.log" ||
	fail "the build's harden-flags did not get --catalog=$S/catalog"
grep -q '^feature format-security on ' "$T/w3/v001-1/harden-report.txt" ||
	fail "--catalog: format-security is not on: $(cat "$T/w3/v001-1/harden-report.txt")"
echo ok
