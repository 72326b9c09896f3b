#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 with the musl C library (musl-gcc): no fortify.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=musl-gcc
matrix_run
