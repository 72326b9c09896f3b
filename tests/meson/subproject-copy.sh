#!/bin/sh
# Way 3: the subproject copied into subprojects/harden (the files of
# meson/dist.sh --list), with a wrap that only provides the dependencies.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release
check_way "$T/b"
echo ok
