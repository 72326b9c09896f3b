#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): clang 19 with GNU ld.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang-19
matrix_run
