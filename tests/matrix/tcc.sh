#!/bin/sh
# Toolchain matrix (tests/matrix/lib.sh): tcc, which accepts -f flags and
# ignores them, so nothing may be claimed.  Meson 1.0 refuses tcc itself
# ("Unknown compiler") and gives it gcc's options: Meson gets it through
# tests/matrix/cc-tcc-meson.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
mx_cc=tcc mx_meson_cc="sh $S/tests/matrix/cc-tcc-meson"
# All four frontends build and prove here (a compiler that ignores -f flags, which Meson knows only through a wrapper).
mx_build=$MX_FRONTENDS
matrix_run
