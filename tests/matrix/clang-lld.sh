#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): clang 14 linking with lld (-fuse-ld=lld in LDFLAGS).
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
need ld.lld
mx_cc=clang mx_ldflags=-fuse-ld=lld
matrix_run
