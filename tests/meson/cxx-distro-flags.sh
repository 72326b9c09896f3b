#!/bin/sh
# Debian's flags exported (dpkg-buildflags, hardening=+all, which sets
# CXXFLAGS too) in a mixed C and C++ project: the C++ probe leaves the
# features they set to the builder, no flag is twice on a g++ line, the
# distribution's fortify level 2 stays, and words keeps its hardening.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf dpkg-buildflags
meson_parent_cxx_with_copy "$T/p"
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)" || fail "dpkg-buildflags failed"
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b"
run "$T/ninja.log" ninja -C "$T/b" -v
distro_cxx_check "$(meson_report "$T/b" -cxx)" "$T/ninja.log"
elf_has_canary "$T/b/words" && elf_has_relro "$T/b/words" && elf_has_now "$T/b/words" ||
	fail "words lost the distribution's hardening"
echo ok
