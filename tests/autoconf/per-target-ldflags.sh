# The Automake snippets of the docs, taken from the docs themselves (the
# block "# Makefile.am:" of README.md's quick start and the block
# "# Makefile.am, a target's own flags:" of doc/autoconf.md),
# build a libtool library and a program whose own _CPPFLAGS, _CFLAGS and
# _LDFLAGS keep harden's: the library and the program have BIND_NOW (read
# with readelf) and pass harden-audit --expect HARDEN_AUDIT_EXPECT, the
# program is PIE, and the targets' own flags (-DBUILDING_FOO, WARN_CFLAGS)
# are in effect too.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make autoreconf automake libtoolize
# block FILE FIRST-LINE: the fenced block of FILE that starts with FIRST-LINE.
block() {
	awk -v f="$2" '$0 == f { on = 1; next } on && /^```/ { exit } on' "$S/$1"
}
block README.md '# Makefile.am:' >base.am
block doc/autoconf.md "# Makefile.am, a target's own flags:" >own.am
[ -s base.am ] && [ -s own.am ] || fail "README.md or doc/autoconf.md lacks its Makefile.am block"
grep -q '^libfoo_la_LDFLAGS = ' own.am || fail "the README block has no libfoo_la_LDFLAGS: $(cat own.am)"
tools_build harden-audit	# the run's (tests/lib.sh)

mkdir -p src || exit 99
cat >src/configure.ac <<'AC'
AC_INIT([foo], [1])
AC_CONFIG_MACRO_DIR([m4])
AM_INIT_AUTOMAKE([foreign -Wall])
AM_PROG_AR
LT_INIT([disable-static])
AC_PROG_CC
HARDEN_CHECK
AC_SUBST([WARN_CFLAGS], [-DWARN_CFLAGS_GIVEN])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
{
	echo 'ACLOCAL_AMFLAGS = -I m4'
	cat base.am own.am
	cat <<'AM'
lib_LTLIBRARIES = libfoo.la
libfoo_la_SOURCES = foo.c
bin_PROGRAMS = prog
prog_SOURCES = main.c
prog_LDADD = libfoo.la
AM
} >src/Makefile.am
cat >src/foo.c <<'C'
#ifndef BUILDING_FOO
#error libfoo_la_CPPFLAGS lost
#endif
#include <string.h>
int foo(const char *s) { char b[16]; strcpy(b, s); return (int)strlen(b); }
C
cat >src/main.c <<'C'
#ifndef WARN_CFLAGS_GIVEN
#error prog_CFLAGS lost
#endif
#include <stdio.h>
#include <string.h>
int foo(const char *);
int main(int argc, char **argv) { char b[16]; strcpy(b, argc > 5 ? argv[1] : "abc"); printf("%d\n", foo(b)); return 0; }
C
autotools_copy "$T/src" p	# autoreconf'd once for the same sources (tests/lib.sh)
(cd p && ./configure HARDEN_AUDIT="$TOOLS/harden-audit" >configure.out 2>&1) || fail "configure failed: $(tail -n 3 p/configure.out)"
(cd p && make V=1 >make.out 2>&1) || fail "make failed: $(tail -n 10 p/make.out)"
for f in p/.libs/libfoo.so p/.libs/prog; do
	elf_has_now "$f" || fail "$f has no BIND_NOW"
done
elf_is_pie p/.libs/prog || fail "prog is not PIE"
assert_library_not_pie p/.libs/libfoo.so
expect=$(sed -n 's/^HARDEN_AUDIT_EXPECT = //p' p/Makefile)
case ",$expect," in *,bind-now,*) ;; *) fail "HARDEN_AUDIT_EXPECT lacks bind-now: $expect" ;; esac
"$TOOLS/harden-audit" --expect "$expect" p/.libs/prog p/.libs/libfoo.so >audit.out 2>&1 ||
	fail "harden-audit --expect $expect refused them: $(cat audit.out)"

# The control: the library's own LDFLAGS without $(AM_LDFLAGS) lose BIND_NOW.
sed -i 's/^libfoo_la_LDFLAGS = $(AM_LDFLAGS) /libfoo_la_LDFLAGS = /' p/Makefile.am
(cd p && rm -f libfoo.la && make V=1 >make2.out 2>&1) || fail "make without AM_LDFLAGS failed: $(tail -n 10 p/make2.out)"
elf_has_now p/.libs/libfoo.so && fail "libfoo.so has BIND_NOW without AM_LDFLAGS: the check proves nothing"
echo ok
