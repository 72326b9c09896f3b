#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 with GNU ld (bfd), the default toolchain.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc
matrix_run
