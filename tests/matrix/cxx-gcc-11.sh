#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): g++-11 (libstdc++ 11) with gcc-11.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc-11 mx_cxx=g++-11
matrix_run
