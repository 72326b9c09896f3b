#!/bin/sh
# An installed harden serves a Meson project built offline, as
# meson/README.md says ("For packagers"): make install puts the subproject
# in $(catalogdir)/subprojects/harden; copied (nodownload, Debian's and
# Fedora's mode) or linked (nofallback, with --force-fallback-for) to the
# directory the project's release wrap names, it is the harden Meson uses:
# the wrap's URL cannot be reached, there is no tarball in packagecache,
# and the program and the library are hardened.  The subproject is the
# installed one (its version, even where the wrap names another release).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf make tar meson ninja

installed_prefix
sub=$P/share/harden/subprojects/harden
[ -f "$sub/meson.build" ] && [ -x "$sub/catalog/harden-flags" ] || fail "make install put no Meson subproject in $sub"
meson_readme_parent p "$T/dist"
sed -i 's/^directory = .*/directory = harden-0.1.9/' p/subprojects/harden.wrap || exit 99
cp -R p q || exit 99

# The recipe: the wrap's directory, a copy of the installed subproject.
d=$(sed -n 's/^directory *= *//p' p/subprojects/harden.wrap)
cp -R "$sub" "p/subprojects/$d" || exit 99
CC=gcc meson_setup p b --wrap-mode=nodownload --buildtype=release
grep -q 'Download' b.log && fail "Meson downloaded in nodownload mode"
grep -q 'Dependency harden found: YES.*(overridden)' b.log || fail "harden is not the subproject"
[ "$(report_key "$(meson_report b)" version)" = "$(installed_version)" ] || fail "not the installed subproject"
meson_build b
assert_hardened_pair b/foo b/libfoo.so

# Linked, under nofallback.
ln -s "$sub" "q/subprojects/$d" || exit 99
CC=gcc meson_setup q f --wrap-mode=nofallback --force-fallback-for=harden,harden-exe --buildtype=release
meson_build f
assert_hardened_pair f/foo f/libfoo.so
[ -z "$(find "$sub" -newer "$T/dist.log" ! -type d)" ] || fail "the build wrote into the installed subproject"
echo ok
