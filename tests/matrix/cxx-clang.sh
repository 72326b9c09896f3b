#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): clang++ 14 with libstdc++ 12, and clang 14.
# Also the C toolchain clang of the table (clang 14 with GNU ld): its C report and proofs.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang mx_cxx=clang++ mx_c_name=clang
# All four frontends build and prove here (the native compiler of its family, C and C++: each frontend's own placement of the flags on real builds).
mx_build=$MX_FRONTENDS
matrix_run
