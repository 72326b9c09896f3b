#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): mixed families: clang 14 for C, g++ 12 for C++.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang mx_cxx=g++
matrix_run
