# --wrap-mode=nofallback: no dependency() falls back, so the recipe of
# meson/README.md stops with one message that names the fix
# (--force-fallback-for, the tarball in subprojects/packagecache); with
# both, the program and the library are hardened.  examples/meson sets
# force_fallback_for itself and needs only the tarball.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja
meson_readme_parent p "$T/dist"
mkdir -p p/subprojects/packagecache && cp "$tarball" p/subprojects/packagecache/ || exit 99
if CC=gcc meson setup b p --wrap-mode=nofallback >b.log 2>&1; then
	fail "nofallback without --force-fallback-for was accepted"
fi
grep -q 'ERROR: Problem encountered: harden not found (wrap_mode=nofallback): .*--force-fallback-for=harden,harden-exe' b.log ||
	fail "the error does not lead to --force-fallback-for: $(grep ERROR b.log)"
rm -rf b
CC=gcc meson_setup p b --wrap-mode=nofallback --force-fallback-for=harden,harden-exe --buildtype=release
meson_build b
assert_hardened_pair b/foo b/libfoo.so

mkdir -p ex && cp -R "$S/examples/meson" "$S/examples/autotools" ex/ && rm ex/meson/subprojects/harden || exit 99
cp p/subprojects/harden.wrap ex/meson/subprojects/ && cp -R p/subprojects/packagecache ex/meson/subprojects/ || exit 99
CC=gcc meson_setup ex/meson e --wrap-mode=nofallback --buildtype=release
meson_build e
assert_hardened_pair e/tally e/libtally.so
echo ok
