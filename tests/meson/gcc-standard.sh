#!/bin/sh
# Standard level with gcc, release build: the program is PIE with canaries,
# fortified calls, full RELRO and an NX stack; the shared library has the
# same except PIE, and was not linked with -pie.  harden-audit is not built
# (the parent has no audit test).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
meson_build "$T/b"
assert_hardened_pair "$T/b/tally" "$T/b/libtally.so"
# No audit test in this parent: harden-audit is not built.
[ -e "$T/b/subprojects/harden/meson/harden-audit" ] && fail "harden-audit built for a parent that does not use it"
r=$(meson_report "$T/b")
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(report_state "$r" $f)" = on ] || fail "$f is not on: $(grep "^feature $f " "$r")"
done
echo "ok"
