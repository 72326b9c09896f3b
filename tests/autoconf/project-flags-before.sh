# Flags that configure.ac, not the builder, puts into CFLAGS before
# HARDEN_CHECK are the project's: the feature they decide is in state
# "project" (naming configure.ac), while one the builder's own LDFLAGS
# decides stays "builder"; an explicit request they contradict fails with
# "configure.ac's flags have ...", not "the builder's flags".
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc
mkdir -p src || exit 99
cat >src/configure.ac <<'AC'
AC_INIT([own], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CC
# The project's own hardening, before the checks.
CFLAGS="$CFLAGS -fstack-protector"
HARDEN_CHECK
AC_OUTPUT
AC
autotools_copy "$T/src" p	# autoreconf'd once for the same sources (tests/lib.sh)
(cd p && ./configure CC=gcc CFLAGS=-O2 LDFLAGS=-Wl,-z,relro >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 5 p/configure.out)"
r=p/harden-report.txt
report_expect $r stack-protector "project basic"
report_reason $r stack-protector | grep -q '^set by configure.ac (-fstack-protector); present$' ||
	fail "the reason is not configure.ac's: $(report_reason $r stack-protector)"
[ "$(summary_state p stack-protector)" = project ] || fail "the summary does not say project: $(cat p/configure.out)"
report_expect $r relro "builder yes"
report_reason $r relro | grep -q '^set by the builder (-Wl,-z,relro)' ||
	fail "relro, the builder's, is not labelled so: $(report_reason $r relro)"
report_key $r enabled | grep -q 'stack-protector=basic' || fail "enabled lacks the project's stack-protector"
(cd p && ./configure CC=gcc CFLAGS=-O2 --disable-stack-protector >configure2.out 2>&1) &&
	fail "configure passed although configure.ac's -fstack-protector keeps the canaries"
grep -q "error: cannot disable stack-protector: .*(configure.ac's flags have -fstack-protector)" p/configure2.out ||
	fail "the error does not blame configure.ac: $(tail -n 2 p/configure2.out)"
grep -q "the builder's flags" p/configure2.out && fail "the error blames the builder"
echo ok
