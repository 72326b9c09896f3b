# The same example with clang: the same features reach the binaries,
# format-security included (tests/flags/format-security-clang.sh says what
# clang loses with fortify).
HARDEN_TEST_CC=clang
. "$HARDEN_SRCDIR/tests/autoconf/example-gcc.sh"
