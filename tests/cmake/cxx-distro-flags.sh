#!/bin/sh
# Debian's flags exported (dpkg-buildflags, hardening=+all, which sets
# CXXFLAGS too) with the example's C++ programs: the C++ probe leaves the
# features they set to the builder, CPPFLAGS joins CMAKE_CXX_FLAGS once,
# no flag is twice on a g++ line, the distribution's fortify level 2
# stays, and words keeps its hardening.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ readelf ninja dpkg-buildflags
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)" || fail "dpkg-buildflags failed"
b=$T/build
CC=gcc CXX=g++ cxx_example "$b" -G Ninja
cmake_build "$b"
distro_cxx_check "$b/harden-report-cxx.txt" "$b.build.log"
elf_has_canary "$b/words" && elf_has_relro "$b/words" && elf_has_now "$b/words" ||
	fail "words lost the distribution's hardening"
exit 0
