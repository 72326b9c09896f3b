# tcc accepts every -f flag and does nothing with it: configure must work,
# claim nothing, and say why for each feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
need tcc
autotools_small ex CC=tcc --enable-hardening=strict || fail "configure failed: $(tail -n 3 ex/configure.out)"
grep -E '^  [a-z-]+ +on ' ex/configure.out && fail "a feature is claimed on with tcc"
for v in HARDEN_CPPFLAGS HARDEN_CFLAGS HARDEN_LDFLAGS HARDEN_EXE_LDFLAGS HARDEN_ENABLED; do
	[ -z "$(subst ex $v)" ] || fail "$v is '$(subst ex $v)'"
done
grep -q '^  stack-protector  *unsupported  *no __stack_chk_fail' ex/configure.out ||
	fail "stack-protector reason missing"
grep -q '^  pie  *unsupported  *tcc: error' ex/configure.out || fail "pie reason missing"
grep -q '^  wrapv  *unsupported  *cannot compile the probe to assembly' ex/configure.out ||
	fail "wrapv reason missing"
echo ok
