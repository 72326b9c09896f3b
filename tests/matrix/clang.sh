#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): clang 14 with GNU ld.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang
matrix_run
