# Assembly gets what it needs through AM_CCASFLAGS = $(HARDEN_CCASFLAGS):
# an Automake project with AM_PROG_AS and a .S file that uses <cet.h>
# builds an object with a non-executable .note.GNU-stack section
# (-Wa,--noexecstack, which configure proved) and, with cf-protection on,
# the IBT and SHSTK property (-fcf-protection=full defines __CET__), read
# with readelf on the object.  --disable-cf-protection and
# --disable-noexecstack take them away; a builder's -Wa,--noexecstack is
# not given twice; a cached configure assembles nothing; without
# AM_PROG_AS it is empty.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc autoreconf automake readelf
case $(gcc -dumpmachine) in x86_64-*|i?86-*) ;; *) skip "the .S file is x86 assembly" ;; esac
mkdir -p src || exit 99
cat >src/configure.ac <<'AC'
AC_INIT([asm], [1])
AC_CONFIG_MACRO_DIR([m4])
AM_INIT_AUTOMAKE([foreign -Wall])
AC_PROG_CC
AM_PROG_AS
HARDEN_CHECK
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat >src/Makefile.am <<'AM'
AM_CPPFLAGS = $(HARDEN_CPPFLAGS)
AM_CFLAGS = $(HARDEN_CFLAGS)
AM_CCASFLAGS = $(HARDEN_CCASFLAGS)
AM_LDFLAGS = $(HARDEN_LDFLAGS)
bin_PROGRAMS = prog
prog_SOURCES = main.c answer.S
prog_LDFLAGS = $(AM_LDFLAGS) $(HARDEN_EXE_LDFLAGS)
AM
printf '#include <stdio.h>\nint answer(void);\nint main(void) { printf("%%d\\n", answer()); return 0; }\n' >src/main.c
cat >src/answer.S <<'ASM'
#include <cet.h>
	.text
	.globl answer
	.type answer, @function
answer:
	_CET_ENDBR
	movl $42, %eax
	ret
	.size answer, .-answer
ASM
# autoreconf'd once for every run of the same sources (tests/lib.sh).
autotools_copy "$T/src" p

# build NAME CONFIGURE-ARGS...: configure and make p; the flags in NAME.flags.
build() {
	_n=$1
	shift
	(cd p && make distclean >/dev/null 2>&1; ./configure "$@" >$_n.out 2>&1) ||
		fail "$_n: configure failed: $(tail -n 3 p/$_n.out)"
	(cd p && make V=1 >$_n.make 2>&1) || fail "$_n: make failed: $(tail -n 10 p/$_n.make)"
	sed -n 's/^HARDEN_CCASFLAGS = //p' p/Makefile >$_n.flags
	[ "$(./p/prog)" = 42 ] || fail "$_n: prog does not run"
}
gnu_stack() { readelf -SW p/answer.o | grep '\.note\.GNU-stack' | grep -v ' X '; }
cet() { readelf -n p/answer.o | grep -q 'x86 feature: IBT, SHSTK'; }

# With -C: the cache is the second configure's below.
build std -C
grep -q -- '-fcf-protection=full' std.flags && grep -q -- '-Wa,--noexecstack' std.flags ||
	fail "HARDEN_CCASFLAGS lacks -fcf-protection=full or -Wa,--noexecstack: $(cat std.flags)"
grep -q 'answer\.S' p/std.make && grep 'answer\.S' p/std.make | grep -q -- '-Wa,--noexecstack' ||
	fail "the .S file was not assembled with HARDEN_CCASFLAGS: $(grep answer p/std.make)"
gnu_stack >/dev/null || fail "answer.o has no non-executable .note.GNU-stack: $(readelf -SW p/answer.o)"
cet || fail "answer.o lacks the IBT/SHSTK property: $(readelf -n p/answer.o)"

# A cached configure proves nothing again.
(cd p && ./configure -C >c2.out 2>&1) || fail "configure -C failed"
grep -q 'non-executable with -Wa,--noexecstack... (cached) yes' p/c2.out || fail "the assembler check was not cached: $(grep noexecstack p/c2.out)"

# The two options, which do not interact, in one configure.
build off --disable-cf-protection --disable-noexecstack
cet && fail "--disable-cf-protection: answer.o still has the IBT/SHSTK property"
grep -q -- '-fcf-protection=full' off.flags && fail "--disable-cf-protection: $(cat off.flags)"
grep -q -- '-Wa,--noexecstack' off.flags && fail "--disable-noexecstack still gives -Wa,--noexecstack"

build own CCASFLAGS='-g -Wa,--noexecstack'
grep -q -- '-Wa,--noexecstack' own.flags && fail "the builder's -Wa,--noexecstack is given again: $(cat own.flags)"
gnu_stack >/dev/null || fail "the builder's -Wa,--noexecstack: no .note.GNU-stack"

# Without AM_PROG_AS, HARDEN_CCASFLAGS is empty, whatever the environment
# says (configure exports a VAR=VALUE argument): tests/autoconf/small,
# which has none (the choice is AM_PROG_AS's alone, not Automake's).
autotools_small noas HARDEN_CCASFLAGS=-junk || fail "configure without AM_PROG_AS failed: $(tail -n 3 noas/configure.out)"
grep -q '^HARDEN_CCASFLAGS = $' noas/Makefile || fail "HARDEN_CCASFLAGS without AM_PROG_AS: $(grep '^HARDEN_CCASFLAGS' noas/Makefile)"
grep -q 'with -Wa,--noexecstack' noas/configure.out && fail "the assembler was checked without AM_PROG_AS"
echo ok
