# The same example with clang: the same features reach the binaries, and
# format-security is not claimed, because clang does not diagnose printf(s)
# through glibc's fortified printf.
HARDEN_TEST_CC=clang
. "$HARDEN_SRCDIR/tests/autoconf/example-gcc.sh"
