#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): gcc 12 cross-compiling for Windows
# (mingw-w64, PE files): the proofs read the PE headers with the target's
# objdump -p and harden-audit, never readelf.  The program runs under Wine,
# with the toolchain's libssp-0.dll (and must not start without it when it
# imports it).
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_host=x86_64-w64-mingw32
# All four frontends build and prove here (PE, the Libtool DLL, the tests and the audit gate under Wine).
mx_build=$MX_FRONTENDS
matrix_run
