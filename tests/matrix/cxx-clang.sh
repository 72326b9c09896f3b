#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): clang++ 14 with libstdc++ 12, and clang 14.
# Also the C toolchain clang of the table (clang 14 with GNU ld): its C report and proofs.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang mx_cxx=clang++ mx_c_name=clang
matrix_run
