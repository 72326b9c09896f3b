#!/bin/sh
# The user's c_args take part in the probe: -Dc_args=-O0 in a release build
# makes fortify-source unsupported, CFLAGS=-O0 from the environment as well.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dc_args=-O0
[ "$(state "$T/b" fortify-source)" = unsupported ] || fail "c_args: fortify-source is $(state "$T/b" fortify-source)"
CC=gcc CFLAGS=-O0 setup "$T/p" "$T/c" --buildtype=release
[ "$(state "$T/c" fortify-source)" = unsupported ] || fail "CFLAGS: fortify-source is $(state "$T/c" fortify-source)"
CC=gcc setup "$T/p" "$T/d" --buildtype=release
[ "$(state "$T/d" fortify-source)" = on ] || fail "control: fortify-source is $(state "$T/d" fortify-source)"
echo ok
