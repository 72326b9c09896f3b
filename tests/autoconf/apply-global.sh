# HARDEN_APPLY_GLOBAL hardens a small project with a plain Makefile through
# CPPFLAGS, CFLAGS and LDFLAGS, with the builder's own flags last.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc autoconf
mkdir -p src && cp "$HARDEN_SRCDIR/examples/autotools/src/"* src/ || exit 99
cat >src/configure.ac <<'AC'
AC_INIT([small], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CC
HARDEN_CHECK
HARDEN_APPLY_GLOBAL
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
printf 'tally: main.c tally.c\n\t$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o tally main.c tally.c\n' >src/Makefile.in
printf 'CC = @CC@\nCPPFLAGS = @CPPFLAGS@\nCFLAGS = @CFLAGS@\nLDFLAGS = @LDFLAGS@\n' | cat - src/Makefile.in >src/M && mv src/M src/Makefile.in
# autoreconf'd once for the same sources (tests/lib.sh autotools_copy).
autotools_copy "$T/src" p
(cd p && ./configure CFLAGS="-O2 -fno-stack-protector" >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 3 p/configure.out)"
(cd p && make >make.out 2>&1) || fail "make failed: $(tail -n 5 p/make.out)"
grep -q '^CFLAGS = -f.* -O2 -fno-stack-protector$' p/Makefile || fail "builder's CFLAGS do not come last"
# The builder's -fno-stack-protector decides the feature: harden adds
# nothing for it and reports it absent.
grep -q '^  stack-protector  *builder  *set by the builder (-fno-stack-protector); absent$' p/configure.out ||
	fail "stack-protector not left to the builder: $(grep '^  stack-protector' p/configure.out)"
grep -q -- '-fstack-protector' p/Makefile && fail "harden added a stack protector flag against the builder's"
elf_is_pie p/tally || fail "not PIE"
elf_has_now p/tally || fail "no BIND_NOW"
elf_has_chk p/tally || fail "no fortified calls"
elf_has_sym p/tally __stack_chk_fail && fail "the builder's -fno-stack-protector did not win"
echo ok
