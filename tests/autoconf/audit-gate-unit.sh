# make check's audit judges every recorded compilation unit: a program of
# two units, one rebuilt with -fno-stack-protector behind configure's back,
# still imports __stack_chk_fail (the other unit has canaries), yet the
# gate fails, with stack-protector "partial" and the unit named.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make autoreconf
tools_build harden-audit	# the run's (tests/lib.sh)
mkdir -p src || exit 99
cat >src/configure.ac <<'EOC'
AC_INIT([two], [1])
AM_INIT_AUTOMAKE([foreign])
AC_PROG_CC
HARDEN_CHECK
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
EOC
cat >src/Makefile.am <<'EOM'
ACLOCAL_AMFLAGS = -I m4
AM_CPPFLAGS = $(HARDEN_CPPFLAGS)
AM_CFLAGS = $(HARDEN_CFLAGS)
AM_LDFLAGS = $(HARDEN_LDFLAGS)
bin_PROGRAMS = two
two_SOURCES = a.c b.c
two_LDFLAGS = $(AM_LDFLAGS) $(HARDEN_EXE_LDFLAGS)
check-local:
	$(HARDEN_AUDIT_CHECK) two$(EXEEXT)
EOM
two_units src
autotools_copy "$T/src" p	# autoreconf'd once for the same sources (tests/lib.sh)
(cd p && ./configure CC=gcc HARDEN_AUDIT="$TOOLS/harden-audit" >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 3 p/configure.out)"
(cd p && make check >check.out 2>&1) || fail "make check fails on a hardened build: $(tail -n 10 p/check.out)"
# One unit rebuilt without the canary, as a per-object override would.
(cd p && rm -f b.o && make b.o CFLAGS="-g -O2 -fno-stack-protector" >b.out 2>&1) || fail "cannot rebuild b.o"
(cd p && make check >nossp.out 2>&1) && fail "make check passed with an unprotected unit"
grep -q 'stack-protector not proven: partial (imports __stack_chk_fail, but 1 of 2 recorded units lack stack-protector (-fstack-protector-strong): b.c)' p/nossp.out ||
	fail "the gate does not name the unit: $(grep -i 'not proven' p/nossp.out)"
echo ok
