#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): clang++ 14 with libstdc++ 12, and clang 14.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang mx_cxx=clang++
matrix_run
