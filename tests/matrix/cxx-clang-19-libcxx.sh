#!/bin/sh
# Toolchain matrix, C++ (tests/matrix/lib.sh): clang++-19 with libc++ 19 (-stdlib=libc++ in CXXFLAGS and LDFLAGS), and clang-19.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=clang-19 mx_cxx=clang++-19 mx_cxxflags_extra=-stdlib=libc++ mx_ldflags=-stdlib=libc++
matrix_run
