# examples/make: a plain Makefile hardened by harden-flags builds a
# hardened program and library, harden-audit proves it in make check, and
# the builder's flags come last.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make
tools_build "harden-audit harden-cost"	# the run's (tests/lib.sh)
mkdir -p ex && cp -R "$S/examples/make" "$S/examples/autotools" ex/
(cd ex/make && make HARDEN="$S/catalog/harden-flags" HARDEN_AUDIT="$TOOLS/harden-audit" check >out 2>&1) ||
	fail "make check failed: $(tail -n 5 ex/make/out)"
assert_hardened_pair ex/make/tally ex/make/libtally.so
grep -q 'harden-audit --expect stack-protector,fortify-source,pie,relro,bind-now,noexecstack tally libtally.so' ex/make/out ||
	fail "make check did not audit with the expectation"
grep -- '-shared' ex/make/out | grep -q -- '-pie' && fail "-pie on the shared library's link"
# The builder's CFLAGS win: -fno-stack-protector as the builder's choice.
(cd ex/make && make clean >/dev/null && make CFLAGS="-O2 -fno-stack-protector" HARDEN="$S/catalog/harden-flags" >out2 2>&1) ||
	fail "make with the builder's CFLAGS failed"
grep -q '^  stack-protector  *builder' ex/make/out2 || fail "stack-protector not left to the builder"
elf_has_canary ex/make/tally && fail "the builder's -fno-stack-protector lost"
echo ok
