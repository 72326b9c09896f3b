#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 linking with gold (-fuse-ld=gold in LDFLAGS).
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
need ld.gold
mx_cc=gcc mx_ldflags=-fuse-ld=gold
matrix_run
