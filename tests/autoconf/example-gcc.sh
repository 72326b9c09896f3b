# The example with gcc and g++ at the default level, one build for what it
# shows (tests/matrix/cxx-gcc and cxx-clang prove every claim of the
# report on the binaries of every frontend; this is what is the Autoconf
# frontend's own):
# * the program and the library get every standard feature, -pie reaches
#   only the program's link, the code-generation flags the compile lines;
# * each flag once on a link line: Automake links with AM_CFLAGS (and
#   AM_CXXFLAGS) on the line, so HARDEN_LDFLAGS and HARDEN_CXX_LDFLAGS
#   leave out the flags of both compiling and linking (cc+ld in the
#   catalog: -fstack-protector-strong);
# * the C++ programs words (C++ only) and tallyxx (C++ and a C object)
#   get a canary, PIE, full RELRO and an NX stack, make check's audit
#   passes them with the C++ expectation, and words N with N out of range
#   aborts through the libstdc++ assertions of stdlib-hardening;
# * all of it with bash as configure's, config.status's and libtool's
#   shell, the one configure picks by itself (the other tests use dash).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++
# The run's build of the example (tests/autoconf/lib.sh), read only here.
example_gcc_built
ln -s "$EX" ex || exit 99
grep -qx 'SHELL = /bin/bash' ex/Makefile || fail "not built with bash: $(grep '^SHELL = ' ex/Makefile)"
prog=ex/.libs/tally lib=ex/.libs/libtally.so.0.0.0
[ -f "$prog" ] && [ -f "$lib" ] || fail "libtool did not build the shared library and program"

# C: the program and the library.
elf_has_sym "$prog" __stack_chk_fail || fail "program has no stack canary"
elf_has_chk "$prog" || fail "program has no fortified calls"
elf_is_pie "$prog" || fail "program is not PIE"
elf_has_relro "$prog" && elf_has_now "$prog" || fail "program lacks full RELRO"
elf_nx_stack "$prog" || fail "program stack is not RW"
elf_has_sym "$lib" __stack_chk_fail || fail "library has no stack canary"
elf_has_relro "$lib" && elf_has_now "$lib" || fail "library lacks full RELRO"
grep -q -- '-fstack-clash-protection' ex/make.out || fail "no -fstack-clash-protection on the compile lines"
grep -q -- '-fcf-protection=full' ex/make.out || fail "no -fcf-protection=full on the compile lines"
grep 'libtool: link:.*-shared' ex/make.out | grep -q -- ' -pie' && fail "the shared library was linked with -pie"
grep 'libtool: link:.*-o \.libs/tally ' ex/make.out | grep -q -- ' -pie' || fail "the program was not linked with -pie"
[ "$(elf_type "$lib")" = DYN ] && ! elf_has_interp "$lib" && ! elf_is_pie "$lib" ||
	fail "the library does not look like a plain shared object"
for f in stack-protector fortify-source stack-clash-protection cf-protection pie relro bind-now noexecstack format-security; do
	[ "$(summary_lang_state ex C "$f")" = on ] || fail "summary does not say $f is on"
done
[ "$(summary_lang_state ex C branch-protection)" = unsupported ] || fail "branch-protection claimed on x86"

# Each flag once on a link line: make's and libtool's.
n=0
for c in gcc g++; do
	compiler_lines ex/make.out $c | grep -v -e ' -c ' -e '--mode=compile' >links.$c
	while IFS= read -r line; do
		k=$(printf '%s\n' "$line" | tr ' ' '\n' | grep -c -x -- -fstack-protector-strong)
		[ "$k" = 1 ] || fail "-fstack-protector-strong $k times on the link line: $line"
		n=$((n + 1))
	done <links.$c
done
# The program, the library (make's and libtool's line each) and the two C++ programs.
[ "$n" -ge 6 ] || fail "only $n link lines found: $(cat links.gcc links.g++)"
grep -q -- '-fstack-protector-strong' ex/Makefile || fail "no -fstack-protector-strong in the Makefile"
sed -n 's/^HARDEN_LDFLAGS = //p; s/^HARDEN_CXX_LDFLAGS = //p' ex/Makefile | grep -q -- -fstack-protector &&
	fail "HARDEN_LDFLAGS or HARDEN_CXX_LDFLAGS still hold the stack protector"

# C++: words and tallyxx, audited by make check.
for p in ex/words ex/tallyxx; do
	elf_has_canary $p || fail "$p: no __stack_chk_fail"
	elf_is_pie $p || fail "$p: not PIE"
	elf_has_relro $p && elf_has_now $p || fail "$p: no full RELRO"
	elf_nx_stack $p || fail "$p: stack not RW-only"
done
expect=$(subst ex HARDEN_CXX_AUDIT_EXPECT)
[ -n "$expect" ] || fail "empty HARDEN_CXX_AUDIT_EXPECT"
grep -q "harden-audit --expect $expect words tallyxx\$" ex/make.out || fail "make check did not audit words and tallyxx"
[ "$(summary_lang_state ex C++ stdlib-hardening)" = on ] || fail "stdlib-hardening not on for g++: $(summary_lang ex C++)"
subst ex HARDEN_CXXFLAGS | grep -q -- '-D_GLIBCXX_ASSERTIONS' || fail "no -D_GLIBCXX_ASSERTIONS in HARDEN_CXXFLAGS"
subst ex HARDEN_CPPFLAGS | grep -q -- '_GLIBCXX' && fail "a C++ macro in HARDEN_CPPFLAGS, which C gets too"
# words N: N = the number of words reads one past the end.
printf 'b a c\n' >three.in
ex/words 3 <three.in >on.out 2>on.err
rc=$?
[ $rc -eq 134 ] || fail "with stdlib-hardening, words 3 exited $rc, not SIGABRT (134): $(cat on.out on.err)"
grep -q "Assertion '__n < this->size()' failed" on.err || fail "no libstdc++ assertion message: $(cat on.err)"
# --disable-stdlib-hardening undoes it (tests/matrix builds words with
# the off flags and sees words 3 run on): what configure decides.
autotools_small off --enable-cxx CC=gcc CXX=g++ --disable-stdlib-hardening || fail "configure failed: $(tail -n 3 off/configure.out)"
subst off HARDEN_CXXFLAGS | grep -q -- '-U_GLIBCXX_ASSERTIONS' || fail "--disable-stdlib-hardening: no -U_GLIBCXX_ASSERTIONS"
echo "ok: $(subst ex HARDEN_ENABLED)"
