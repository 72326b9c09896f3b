#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): g++ 12 (libstdc++ 12) with gcc 12.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc mx_cxx=g++
matrix_run
