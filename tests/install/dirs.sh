#!/bin/sh
# make install honours bindir, datadir and mandir: with each moved out of
# the usual place, every file lands where asked (the programs and their man
# pages too), harden-tools.pc names those places, the installed harden-flags
# finds the catalog in the moved datadir, find_package(Harden) finds the
# package there, and make uninstall with the same variables removes it all.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need make gcc cmake pkg-config

set -- bindir="$T/b" datadir="$T/d" mandir="$T/m"
install_harden "$T/prefix" "$@"
for f in b/harden-flags b/harden-audit b/harden-cost m/man1/harden-flags.1 m/man1/harden-audit.1 \
    m/man1/harden-cost.1 d/aclocal/harden.m4 d/harden/features.txt d/cmake/Harden/HardenConfig.cmake \
    d/pkgconfig/harden-tools.pc; do
	[ -f "$T/$f" ] || fail "not installed: $T/$f ($(find "$T" -type f -name "${f##*/}"))"
done
[ ! -e "$T/prefix" ] || fail "files outside the given directories: $(find "$T/prefix" -type f)"
export PKG_CONFIG_PATH="$T/d/pkgconfig"
[ "$(pkg-config --variable=harden_audit harden-tools)" = "$T/b/harden-audit" ] || fail "harden-tools.pc: harden_audit"
[ "$(pkg-config --variable=catalogdir harden-tools)" = "$T/d/harden" ] || fail "harden-tools.pc: catalogdir"
"$T/b/harden-flags" --list | grep -q '^stack-protector ' || fail "the installed harden-flags does not find its catalog"
mkdir -p "$T/p"
cat >"$T/p/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.17)
project(p C)
find_package(Harden 0.2 REQUIRED)
EOT
CC=gcc cmake_configure "$T/pb" "$T/p" -DCMAKE_PREFIX_PATH="$T/d/cmake/Harden"
grep -q "$T/d/harden/probe.c" "$T/pb/CMakeFiles/harden/probe.log" || fail "find_package did not use the moved catalog"
run "$T/uninstall.log" make -C "$S" uninstall PREFIX="$T/prefix" "$@"
left=$(find "$T/b" "$T/d" "$T/m" 2>/dev/null)
[ -z "$left" ] || fail "left after uninstall: $left"
exit 0
