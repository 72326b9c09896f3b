#!/bin/sh
# Way 2: a [wrap-file] of the release tarball made by meson/dist.sh, placed
# in subprojects/packagecache/ (no download), with its source_hash.  The
# tarball has harden-flags (executable) and what harden-audit needs: the
# audit test builds and passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf tar
out=$(sh "$S/meson/dist.sh" "$T/dist") || fail "meson/dist.sh failed"
tarball=$(echo "$out" | sed -n 1p)
hash=$(echo "$out" | sed -n 's/^source_hash = //p')
[ -f "$tarball" ] && [ -n "$hash" ] || fail "dist.sh output: $out"
name=$(basename "$tarball" .tar.gz)
tar -tvzf "$tarball" | grep -q "^-rwx.* $name/catalog/harden-flags$" || fail "no executable catalog/harden-flags in the tarball"
meson_parent "$T/p"
meson_add_audit_test "$T/p"
mkdir -p "$T/p/subprojects/packagecache"
cp "$tarball" "$T/p/subprojects/packagecache/"
cat >"$T/p/subprojects/harden.wrap" <<EOW
[wrap-file]
directory = $name
source_url = https://harden.invalid/$name.tar.gz
source_filename = $name.tar.gz
source_hash = $hash

[provide]
dependency_names = harden, harden-exe
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
[ -f "$T/p/subprojects/$name/meson.build" ] || fail "tarball not extracted to subprojects/$name"
meson_check_way "$T/b"
meson test -C "$T/b" hardening >"$T/test.log" 2>&1 || { tail -n 20 "$T/test.log"; meson_test_log "$T/b" hardening; fail "the audit test failed"; }
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not run"; }
[ -x "$T/b/subprojects/$name/meson/harden-audit" ] || fail "harden-audit not built from the tarball's subproject"
# A wrong hash is refused.
sed -i "s/^source_hash = .*/source_hash = $(echo x | sha256sum | cut -d' ' -f1)/" "$T/p/subprojects/harden.wrap"
rm -rf "$T/p/subprojects/$name"
if meson setup "$T/c" "$T/p" >"$T/c.log" 2>&1; then
	fail "a tarball with the wrong source_hash was accepted"
fi
echo ok
