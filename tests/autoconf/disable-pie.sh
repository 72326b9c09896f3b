# --disable-pie gives a non-PIE program on Debian's PIE-by-default gcc.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-pie || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 check >make.out 2>&1) || fail "make check failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex pie)" = off ] || fail "summary does not say off"
[ "$(subst ex HARDEN_EXE_LDFLAGS)" = -no-pie ] || fail "HARDEN_EXE_LDFLAGS is '$(subst ex HARDEN_EXE_LDFLAGS)'"
[ "$(elf_type ex/.libs/tally)" = EXEC ] || fail "program is $(elf_type ex/.libs/tally), not EXEC"
[ "$(elf_type ex/.libs/libtally.so.0.0.0)" = DYN ] || fail "library is not a shared object"
echo ok
