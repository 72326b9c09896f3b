# Fortify needs optimisation and no sanitizer: -O0 and -fsanitize=address
# skip it with the reason, and the rest of the standard level still applies.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_small a CFLAGS="-g -O0" || fail "configure failed: $(tail -n 3 a/configure.out)"
grep -q '^  fortify-source  *unsupported  *needs optimisation' a/configure.out || fail "-O0: no reason"
[ -z "$(subst a HARDEN_CPPFLAGS)" ] || fail "-O0: HARDEN_CPPFLAGS is '$(subst a HARDEN_CPPFLAGS)'"
[ "$(summary_state a stack-protector)" = on ] || fail "-O0: stack-protector went missing"
autotools_small b CFLAGS="-O2 -fsanitize=address" LDFLAGS=-fsanitize=address ||
	fail "configure failed: $(tail -n 3 b/configure.out)"
grep -q '^  fortify-source  *unsupported  *not with sanitizers' b/configure.out || fail "asan: no reason"
[ -z "$(subst b HARDEN_CPPFLAGS)" ] || fail "asan: HARDEN_CPPFLAGS is '$(subst b HARDEN_CPPFLAGS)'"
echo ok
