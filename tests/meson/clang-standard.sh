#!/bin/sh
# Standard level with clang, release build: the program is PIE with canaries,
# fortified calls, full RELRO and an NX stack; the shared library has the
# same except PIE, and was not linked with -pie.
. "$(dirname "$0")/lib.sh"
required clang
parent_with_copy "$T/p"
CC=clang setup "$T/p" "$T/b" --buildtype=release
build "$T/b"
check_hardened_pair "$T/b"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(state "$T/b" $f)" = on ] || fail "$f is not on: $(report "$T/b" | grep " $f ")"
done
echo "ok"
