# A configure.ac with its own hardening after HARDEN_CHECK (CFLAGS gets
# -fstack-protector, CPPFLAGS -D_FORTIFY_SOURCE=2): those words come last on
# every command line and win, so the summary and the report say
# "project", naming them and configure.ac, the object really has the
# project's fortify level 2, and audit_expect follows the feature the
# project turns off (-Wl,-z,lazy: bind-now), or whose precondition its
# -O0 removes (fortify-source).  --disable-stack-protector,
# which the project's -fstack-protector contradicts, is an error naming both.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc
project_after() {
	mkdir -p "$1.src" || exit 99
	cat >"$1.src/configure.ac" <<'AC'
AC_INIT([own], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CC
HARDEN_CHECK
# The project's own hardening, as many configure.ac have it.
CFLAGS="$CFLAGS -fstack-protector"
CPPFLAGS="$CPPFLAGS -D_FORTIFY_SOURCE=2"
LDFLAGS="$LDFLAGS -Wl,-z,lazy"
# A debug build as many have it: -O0 last, so fortify has no effect.
AC_ARG_ENABLE([debug], [AS_HELP_STRING([--enable-debug], [build for a debugger])])
AS_IF([test "x$enable_debug" = xyes], [CFLAGS="$CFLAGS -g -O0"])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
	# The order of Automake's compile and link lines.
	cat >"$1.src/Makefile.in" <<'MK'
HARDEN_AUDIT_EXPECT = @HARDEN_AUDIT_EXPECT@
HARDEN_ENABLED = @HARDEN_ENABLED@
prog: prog.c
	@CC@ @HARDEN_CPPFLAGS@ @CPPFLAGS@ @HARDEN_CFLAGS@ @CFLAGS@ -c prog.c
	@CC@ @HARDEN_CFLAGS@ @CFLAGS@ @HARDEN_LDFLAGS@ @HARDEN_EXE_LDFLAGS@ @LDFLAGS@ -o prog prog.o
MK
	cat >"$1.src/prog.c" <<'C'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) { char b[64]; strcpy(b, argv[0]); puts(b); return argc > 5; }
C
	autotools_copy "$T/$1.src" "$1"	# autoreconf'd once for the same sources (tests/lib.sh)
}
project_after p
(cd p && ./configure CC=gcc CFLAGS=-O2 >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 5 p/configure.out)"
(cd p && make >make.out 2>&1) || fail "make failed: $(tail -n 5 p/make.out)"
grep -q 'D_FORTIFY_SOURCE=3.*D_FORTIFY_SOURCE=2' p/make.out || fail "the project's =2 is not last: $(cat p/make.out)"
r=p/harden-report.txt
report_expect $r stack-protector "project basic"
report_expect $r fortify-source "project 2"
report_expect $r bind-now "project off"
report_reason $r stack-protector | grep -q 'configure.ac (-fstack-protector)' ||
	fail "the reason does not name configure.ac's flag: $(report_reason $r stack-protector)"
report_reason $r fortify-source | grep -q 'configure.ac (-D_FORTIFY_SOURCE=2)' ||
	fail "the reason does not name configure.ac's flag: $(report_reason $r fortify-source)"
[ "$(summary_state p stack-protector | tail -n 1)" = project ] || fail "the last summary does not say project: $(cat p/configure.out)"
[ "$(summary_state p fortify-source | tail -n 1)" = project ] || fail "the last summary does not say project for fortify-source"
grep -q '^  fortify-source .*configure.ac (-D_FORTIFY_SOURCE=2)' p/configure.out || fail "the summary does not name -D_FORTIFY_SOURCE=2"
# audit_expect: bind-now, turned off by the project, is not expected any more.
[ "$(subst p HARDEN_AUDIT_EXPECT)" = "$(report_key $r audit_expect)" ] || fail "HARDEN_AUDIT_EXPECT is not the report's"
case ,$(report_key $r audit_expect), in
*,bind-now,*) fail "bind-now, which -Wl,-z,lazy turns off, is still expected: $(report_key $r audit_expect)" ;;
*,stack-protector,*fortify-source,*) ;;
*) fail "stack-protector and fortify-source, still on, are no longer expected: $(report_key $r audit_expect)" ;;
esac
report_key $r enabled | grep -q 'stack-protector=basic fortify-source=2 ' || fail "enabled does not follow: $(report_key $r enabled)"
report_key $r enabled | grep -q 'bind-now' && fail "enabled still has bind-now: $(report_key $r enabled)"
elf_has_now p/prog && fail "the program has BIND_NOW although the project's -Wl,-z,lazy came last"
# --enable-debug: the project's -O0 comes last, the fortify level 2 of its
# -D_FORTIFY_SOURCE=2 is inert and fortify-source is off, not expected by
# the gate and out of HARDEN_ENABLED (configure only: the object would
# call the plain strcpy, as tests/audit/fortify-unoptimised.sh proves).
(cd p && ./configure CC=gcc CFLAGS=-O2 --enable-debug >configure-debug.out 2>&1) ||
	fail "configure --enable-debug failed: $(tail -n 5 p/configure-debug.out)"
report_expect $r fortify-source "project off"
report_reason $r fortify-source | grep -q 'configure.ac (-O0) after the checks: needs optimisation' ||
	fail "the reason does not name configure.ac's -O0: $(report_reason $r fortify-source)"
case ,$(report_key $r audit_expect),$(subst p HARDEN_ENABLED), in
*fortify*) fail "fortify-source still expected or enabled after -O0: $(report_key $r audit_expect) / $(subst p HARDEN_ENABLED)" ;;
esac
# An explicit request the project's flags contradict.
rm -f p/config.cache
(cd p && ./configure CC=gcc CFLAGS=-O2 --disable-stack-protector >configure2.out 2>&1) &&
	fail "configure passed although configure.ac's -fstack-protector keeps the canaries"
grep -q 'error: cannot disable stack-protector: configure.ac.s flags have -fstack-protector' p/configure2.out ||
	fail "the error does not name both sides: $(tail -n 3 p/configure2.out)"
echo ok
