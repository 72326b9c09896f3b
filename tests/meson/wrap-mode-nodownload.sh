# --wrap-mode=nodownload (Debian, Fedora): without the release tarball the
# recipe of meson/README.md stops with one message that names the fix
# (subprojects/packagecache); with the tarball there, the program and the
# library are hardened, and nothing was downloaded.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
meson_readme_parent p "$T/dist"
if CC=gcc meson setup b p --wrap-mode=nodownload >b.log 2>&1; then
	fail "nodownload without the tarball was accepted"
fi
grep -q 'ERROR: Problem encountered: harden not found (wrap_mode=nodownload): .*subprojects/packagecache/' b.log ||
	fail "the error does not lead to the packagecache: $(grep ERROR b.log)"
[ "$(grep -c 'ERROR' b.log)" = 1 ] || fail "more than one error: $(grep ERROR b.log)"
mkdir -p p/subprojects/packagecache && cp "$tarball" p/subprojects/packagecache/ || exit 99
rm -rf b
CC=gcc meson_setup p b --wrap-mode=nodownload --buildtype=release
grep -q 'Download' b.log && fail "Meson downloaded in nodownload mode"
grep -q 'Dependency harden found: YES.*(overridden)' b.log || fail "harden is not the subproject"
meson_build b
assert_hardened_pair b/foo b/libfoo.so
echo ok
