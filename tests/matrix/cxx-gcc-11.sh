#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): g++-11 (libstdc++ 11) with gcc-11.
# Also the C toolchain gcc-11 of the table (gcc 11, whose glibc headers turn _FORTIFY_SOURCE=3 into 2): its C report and proofs.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc-11 mx_cxx=g++-11 mx_c_name=gcc-11
matrix_run
