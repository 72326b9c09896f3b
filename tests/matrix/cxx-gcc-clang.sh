#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): mixed families: gcc 12 for C, clang++ 14 for C++.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc mx_cxx=clang++
matrix_run
