# --disable-hardening adds nothing at all, and the program keeps only what
# the toolchain does by itself.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-hardening || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
for v in HARDEN_CPPFLAGS HARDEN_CFLAGS HARDEN_LDFLAGS HARDEN_EXE_LDFLAGS HARDEN_ENABLED; do
	[ -z "$(subst ex $v)" ] || fail "$v is '$(subst ex $v)'"
done
[ "$(subst ex HARDEN_LEVEL)" = none ] || fail "HARDEN_LEVEL is not none"
grep -q '^  stack-protector  *off  *hardening disabled' ex/configure.out || fail "summary does not say disabled"
elf_has_sym ex/.libs/tally __stack_chk_fail && fail "a canary appeared without hardening"
grep -q 'conftest\.harden-[a-z]*/probe' ex/config.log && fail "probes ran although nothing was requested"
echo ok
