#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 cross-compiling for aarch64
# (configure --host, a Meson cross file, a CMake toolchain file, the
# target's readelf and objdump); the program runs under qemu-aarch64.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_host=aarch64-linux-gnu
# All four frontends build and prove here (a cross build: configure --host, the cross file, the toolchain file).
mx_build=$MX_FRONTENDS
matrix_run
