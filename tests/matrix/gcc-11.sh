#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 11, whose glibc headers turn _FORTIFY_SOURCE=3 into 2.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc-11
matrix_run
