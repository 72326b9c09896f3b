# HARDEN_PREREQ(MIN-VERSION) (issue 32), autoconf only: this version and an
# older one pass; a later one stops autoconf naming both versions (0.10 is
# later than 0.2.0); a harden.m4 without the macro is stopped by the
# m4_ifndef guard that the synopsis gives.
. "$HARDEN_SRCDIR/tests/lib.sh"
need autoconf
version=$(cat "$S/VERSION")
mkdir -p p/m4 && cp "$S/m4/harden.m4" p/m4/ || exit 99
project() {
	cat >p/configure.ac <<EOF
AC_INIT([p], [1])
m4_include([m4/harden.m4])
m4_ifndef([HARDEN_PREREQ], [m4_fatal([harden.m4 0.2.0 or later is needed (HARDEN_PREREQ)])])
$1
AC_PROG_CC
HARDEN_CHECK
AC_OUTPUT
EOF
	(cd p && autoconf -f) >out 2>&1
}
project "HARDEN_PREREQ([$version])
HARDEN_PREREQ([0.1.9])" || fail "HARDEN_PREREQ of $version and 0.1.9: $(cat out)"
grep -v "^#" p/configure | grep -q HARDEN_PREREQ && fail "HARDEN_PREREQ left in configure"
project "HARDEN_PREREQ([0.10])" && fail "HARDEN_PREREQ([0.10]) passed with $version"
grep -q "error: harden.m4 0.10 or later is required; this one is $version\$" out || fail "the message: $(cat out)"
sed 's/HARDEN_PREREQ/HARDEN_PREREQ_GONE/' "$S/m4/harden.m4" >p/m4/harden.m4 || exit 99
project "HARDEN_PREREQ([0.2.0])" && fail "a harden.m4 without HARDEN_PREREQ passed"
grep -q 'error: harden.m4 0.2.0 or later is needed (HARDEN_PREREQ)$' out || fail "the guard's message: $(cat out)"
echo ok
