#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 linking with mold (-fuse-ld=mold in LDFLAGS).
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
need mold
mx_cc=gcc mx_ldflags=-fuse-ld=mold
matrix_run
