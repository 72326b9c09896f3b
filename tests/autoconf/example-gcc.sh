# With gcc and the default level, the example's program and library get
# every standard feature, and the library never gets -pie.
. "$HARDEN_SRCDIR/tests/lib.sh"
cc=${HARDEN_TEST_CC:-gcc}
need "$cc"
autotools_example ex CC="$cc" || fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 V=1 check >make.out 2>&1) || fail "make check failed: $(tail -n 15 ex/make.out)"
prog=ex/.libs/tally lib=ex/.libs/libtally.so.0.0.0
[ -f "$prog" ] && [ -f "$lib" ] || fail "libtool did not build the shared library and program"

elf_has_sym "$prog" __stack_chk_fail || fail "program has no stack canary"
elf_has_chk "$prog" || fail "program has no fortified calls"
elf_is_pie "$prog" || fail "program is not PIE"
elf_has_relro "$prog" && elf_has_now "$prog" || fail "program lacks full RELRO"
elf_nx_stack "$prog" || fail "program stack is not RW"
elf_has_sym "$lib" __stack_chk_fail || fail "library has no stack canary"
elf_has_relro "$lib" && elf_has_now "$lib" || fail "library lacks full RELRO"

# The compile lines carry the code-generation features; -pie only reaches
# the program's link.
grep -q -- '-fstack-clash-protection' ex/make.out || fail "no -fstack-clash-protection on the compile lines"
grep -q -- '-fcf-protection=full' ex/make.out || fail "no -fcf-protection=full on the compile lines"
grep 'libtool: link:.*-shared' ex/make.out | grep -q -- ' -pie' && fail "the shared library was linked with -pie"
grep 'libtool: link:.*-o \.libs/tally ' ex/make.out | grep -q -- ' -pie' || fail "the program was not linked with -pie"
[ "$(elf_type "$lib")" = DYN ] && ! elf_has_interp "$lib" && ! elf_is_pie "$lib" ||
	fail "the library does not look like a plain shared object"

for f in stack-protector fortify-source stack-clash-protection cf-protection pie relro bind-now noexecstack; do
	[ "$(summary_state ex "$f")" = on ] || fail "summary does not say $f is on"
done
[ "$(summary_state ex branch-protection)" = unsupported ] || fail "branch-protection claimed on x86"
[ "$(summary_state ex format-security)" = on ] || fail "format-security not on with $cc"
echo "ok: $(subst ex HARDEN_ENABLED)"
