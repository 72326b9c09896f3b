#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): g++ 12 (libstdc++ 12) with gcc 12.
# Also the C toolchain gcc of the table (gcc 12 with GNU ld (bfd), the default toolchain): its C report and proofs.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=gcc mx_cxx=g++ mx_c_name=gcc
# All four frontends build and prove here (the native compiler of its family, C and C++: each frontend's own placement of the flags on real builds).
mx_build=$MX_FRONTENDS
matrix_run
