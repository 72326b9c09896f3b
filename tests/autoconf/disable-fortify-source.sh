# --disable-fortify-source removes fortification even when the compiler
# command predefines _FORTIFY_SOURCE (as Ubuntu's gcc does).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex CC="gcc -D_FORTIFY_SOURCE=2" --disable-fortify-source ||
	fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
[ "$(summary_state ex fortify-source)" = off ] || fail "summary does not say off"
[ "$(subst ex HARDEN_CPPFLAGS)" = -U_FORTIFY_SOURCE ] || fail "HARDEN_CPPFLAGS is '$(subst ex HARDEN_CPPFLAGS)'"
elf_has_chk ex/.libs/tally && fail "program still has fortified calls"
elf_has_chk ex/.libs/libtally.so.0.0.0 && fail "library still has fortified calls"
echo ok
