#!/bin/sh
# Standard level with gcc, release build: the program is PIE with canaries,
# fortified calls, full RELRO and an NX stack; the shared library has the
# same except PIE, and was not linked with -pie.  harden-audit is not built
# (the parent has no audit test).
. "$(dirname "$0")/lib.sh"
required gcc
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
build "$T/b"
check_hardened_pair "$T/b"
# No audit test in this parent: harden-audit is not built.
[ -e "$T/b/subprojects/harden/meson/harden-audit" ] && fail "harden-audit built for a parent that does not use it"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(state "$T/b" $f)" = on ] || fail "$f is not on: $(report "$T/b" | grep " $f ")"
done
echo "ok"
