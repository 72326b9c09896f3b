#!/bin/sh
# A Meson project gets harden through the release: make dist makes the
# tarball, its .sha256 and the wrap-file that points at it (source_url
# file://...), which the project uses as subprojects/harden.wrap as it is:
# Meson fetches the tarball, checks its hash, and the subproject hardens the
# library and program, which the installed harden-audit proves with --expect
# audit_expect (the dependency variable).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf tar make meson ninja sha256sum

installed_prefix
run "$T/dist.log" make -C "$S" dist DISTDIR="$T/dist"
v=$(installed_version)
for f in harden-$v.tar.gz harden-$v.tar.gz.sha256 harden-$v.wrap; do
	[ -f "$T/dist/$f" ] || fail "make dist did not make $f: $(ls "$T/dist")"
done
(cd "$T/dist" && sha256sum -c "harden-$v.tar.gz.sha256" >/dev/null) || fail "the .sha256 does not match the tarball"
grep -qx "source_url = file://$T/dist/harden-$v.tar.gz" "$T/dist/harden-$v.wrap" ||
	fail "the wrap does not point at the tarball: $(cat "$T/dist/harden-$v.wrap")"

meson_parent "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
configure_file(output: 'expect.txt', configuration: {'E': harden_dep.get_variable('audit_expect', default_value: '')},
  input: files('expect.txt.in'))
EOW
echo '@E@' >"$T/p/expect.txt.in"
cp "$T/dist/harden-$v.wrap" "$T/p/subprojects/harden.wrap"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
[ -f "$T/p/subprojects/packagecache/harden-$v.tar.gz" ] || fail "Meson did not fetch the tarball"
[ -f "$T/p/subprojects/harden-$v/meson.build" ] || fail "the tarball was not extracted to subprojects/harden-$v"
meson_check_way "$T/b"
audit_installed "$P" "$(cat "$T/b/expect.txt")" "$T/b/tally" "$T/b/libtally.so"
exit 0
