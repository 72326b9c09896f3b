# examples/make with HARDEN_FLAGS_ARGS=--enable-nodlopen: the shared
# library's link gets HARDEN_LIB_LDFLAGS (DF_1_NOOPEN), the program's does
# not, and make check's audit expects nodlopen and passes.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make readelf
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
tools_build "harden-audit harden-cost"	# the run's (tests/lib.sh)
mkdir -p ex && cp -R "$S/examples/make" "$S/examples/autotools" ex/
(cd ex/make && make HARDEN="$S/catalog/harden-flags" HARDEN_AUDIT="$TOOLS/harden-audit" \
	HARDEN_FLAGS_ARGS=--enable-nodlopen check >out 2>&1) || fail "make check failed: $(tail -n 5 ex/make/out)"
grep -qx 'HARDEN_LIB_LDFLAGS = -Wl,-z,nodlopen' ex/make/harden.mk || fail "harden.mk: $(cat ex/make/harden.mk)"
noopen ex/make/libtally.so || fail "the library lacks DF_1_NOOPEN"
noopen ex/make/tally && fail "the program has DF_1_NOOPEN"
grep -- '-shared' ex/make/out | grep -q -- '-Wl,-z,nodlopen' || fail "the library's link lacks it"
grep -- '-o tally ' ex/make/out | grep -q -- '-z,nodlopen' && fail "the program's link has it"
grep -q 'harden-audit --expect [^ ]*,nodlopen tally libtally.so' ex/make/out ||
	fail "make check did not expect nodlopen: $(grep harden-audit ex/make/out)"
echo ok
