# The files generated from catalog/ must be exactly what build-aux/embed-catalog
# makes from it now: the generated section of m4/harden.m4 (the feature
# list, the driver's version and the embedded catalog and driver),
# meson_options.txt and harden-audit's table tools/audit/features.c (make
# embed writes all three).
. "$HARDEN_SRCDIR/tests/lib.sh"
need cc
cc -O2 -Wall -Wextra -Werror -o embed "$S/build-aux/embed-catalog.c" || fail "embed-catalog does not build cleanly"
cp "$S/m4/harden.m4" harden.m4
cp "$S/meson_options.txt" meson_options.txt
./embed "$S/catalog" harden.m4 meson_options.txt features.c || fail "embed-catalog failed"
cmp -s features.c "$S/tools/audit/features.c" ||
	fail "tools/audit/features.c is stale: run make embed ($(diff "$S/tools/audit/features.c" features.c | head -n 5))"
cmp -s harden.m4 "$S/m4/harden.m4" ||
	fail "m4/harden.m4 is stale: run make embed ($(diff "$S/m4/harden.m4" harden.m4 | head -n 5))"
cmp -s meson_options.txt "$S/meson_options.txt" ||
	fail "meson_options.txt is stale: run make embed ($(diff "$S/meson_options.txt" meson_options.txt | head -n 5))"
# Every catalog feature has its --enable option and its Meson option.
for f in $(sed -n 's/^feature \([^ ]*\) .*/\1/p' "$S/catalog/features.txt"); do
	grep -q "^\$1(\[$f\]," harden.m4 || fail "$f has no _HARDEN_FOREACH_FEATURE entry"
	grep -q "^  '$(echo "$f" | tr - _)',\$" meson_options.txt || fail "$f has no Meson option"
done
# The version is harden's (the file VERSION), and the embedded driver carries
# it, since configure has no VERSION file next to it; the driver of the
# source tree reads it.
v=$(cat "$S/VERSION")
grep -q "^m4_define(\[_HARDEN_VERSION\], \[$v\])" harden.m4 ||
	fail "_HARDEN_VERSION is not the version of VERSION ($v)"
grep -qx "harden_version=$v" harden.m4 || fail "the embedded driver does not carry the version $v"
grep -qx "harden_version=" "$S/catalog/harden-flags" || fail "catalog/harden-flags has a version of its own"
echo ok
