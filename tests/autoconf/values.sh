# A value asked for is applied exactly: --enable-stack-protector=basic and
# --enable-fortify-source=2 pick those candidates, and a feature outside the
# level can be asked for alone (--enable-wrapv at the standard level).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --enable-stack-protector=basic --enable-fortify-source=2 --enable-wrapv ||
	fail "configure failed: $(tail -n 3 ex/configure.out)"
cflags=" $(subst ex HARDEN_CFLAGS) "
echo "$cflags" | grep -q ' -fstack-protector --param=ssp-buffer-size=4 ' || fail "no basic stack protector: $cflags"
echo "$cflags" | grep -q -- '-fstack-protector-strong' && fail "strong applied although basic was asked for"
[ "$(subst ex HARDEN_CPPFLAGS)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "fortify: $(subst ex HARDEN_CPPFLAGS)"
echo "$cflags" | grep -q ' -fno-strict-overflow ' || fail "wrapv not applied at the standard level: $cflags"
[ "$(summary_state ex auto-var-init)" = off ] || fail "auto-var-init applied without being asked for"
(cd ex && make -j2 check >make.out 2>&1) || fail "make check failed: $(tail -n 5 ex/make.out)"
elf_has_sym ex/.libs/tally __stack_chk_fail || fail "program has no canary"
echo ok
