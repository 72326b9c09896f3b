#!/bin/sh
# Way 3: the subproject copied into subprojects/harden (the files of
# meson/dist.sh --list), with a wrap that only provides the dependencies.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
[ -x "$T/p/subprojects/harden/catalog/harden-flags" ] || fail "catalog/harden-flags is not in the copy, or not executable"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
meson_check_way "$T/b"
echo ok
