#!/bin/sh
# The distributions' wrap modes, on the recipe of meson/README.md with the
# wrap-file of a release (make dist) whose URL cannot be reached:
#  * --wrap-mode=nodownload (Debian, Fedora): without the release tarball,
#    one message that names the fix (subprojects/packagecache); with the
#    tarball there, the program and the library are hardened, and nothing
#    was downloaded.
#  * --wrap-mode=nofallback: no dependency() falls back, so the recipe
#    stops with one message that names the fix (--force-fallback-for, the
#    tarball in subprojects/packagecache); with both, the program and the
#    library are hardened.  examples/meson sets force_fallback_for itself
#    and needs only the tarball; with its default options nodlopen is off
#    (not requested), on no file and no command, and harden-c-lib adds
#    nothing (on request: example.sh).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja readelf
meson_readme_parent p "$T/dist"
if CC=gcc meson setup c p --wrap-mode=nodownload >c.log 2>&1; then
	fail "nodownload without the tarball was accepted"
fi
grep -q 'ERROR: Problem encountered: harden not found (wrap_mode=nodownload): .*subprojects/packagecache/' c.log ||
	fail "the error does not lead to the packagecache: $(grep ERROR c.log)"
[ "$(grep -c 'ERROR' c.log)" = 1 ] || fail "more than one error: $(grep ERROR c.log)"
mkdir -p p/subprojects/packagecache && cp "$tarball" p/subprojects/packagecache/ || exit 99
if CC=gcc meson setup d p --wrap-mode=nofallback >d.log 2>&1; then
	fail "nofallback without --force-fallback-for was accepted"
fi
grep -q 'ERROR: Problem encountered: harden not found (wrap_mode=nofallback): .*--force-fallback-for=harden,harden-exe' d.log ||
	fail "the error does not lead to --force-fallback-for: $(grep ERROR d.log)"

CC=gcc meson_setup p b --wrap-mode=nodownload --buildtype=release
grep -q 'Download' b.log && fail "Meson downloaded in nodownload mode"
grep -q 'Dependency harden found: YES.*(overridden)' b.log || fail "harden is not the subproject"
meson_build b
assert_hardened_pair b/foo b/libfoo.so
CC=gcc meson_setup p f --wrap-mode=nofallback --force-fallback-for=harden,harden-exe --buildtype=release
meson_build f
assert_hardened_pair f/foo f/libfoo.so

mkdir -p ex && cp -R "$S/examples/meson" "$S/examples/autotools" ex/ && rm ex/meson/subprojects/harden || exit 99
cp p/subprojects/harden.wrap ex/meson/subprojects/ && cp -R p/subprojects/packagecache ex/meson/subprojects/ || exit 99
CC=gcc meson_setup ex/meson e --wrap-mode=nofallback --buildtype=release
meson_build e
assert_hardened_pair e/tally e/libtally.so
report_expect "$(meson_report e)" nodlopen "off -"
readelf -dW e/libtally.so | grep -q '(FLAGS_1).* NOOPEN' && fail "nodlopen off: the library has DF_1_NOOPEN"
ninja -C e -t commands | grep -q -- -z,nodlopen && fail "nodlopen off: a command has it"
echo ok
