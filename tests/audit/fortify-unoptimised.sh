#!/bin/sh
# fortify-unoptimised.sh - _FORTIFY_SOURCE needs optimisation (the
# catalog's "optimize": __OPTIMIZE__, so -O1 or more, -Og and -Os too, and
# the last -O wins): a recorded unit built with -D_FORTIFY_SOURCE=3 -O0
# calls plain strcpy, so it is no fortified unit, whatever its -D says.
# fortify-source is partial and fortify-3 no, naming the unit, for clang's
# recorded lines and for GCC's (which show -O, not -D); --expect fails.
# Where the imports show it, the calls win over the flags: a plain printf
# (always __printf_chk at level 2 or more) from code that records nothing
# withdraws fortify-3's yes although every recorded unit says 3 (unknown:
# a plain import may be an address taken only, as binutils' fprintf).
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc clang
cd "$T" || exit 99
cat >u1.c <<'EOF'
#include <string.h>
void u1(char *d, const char *s) { char b[16]; strcpy(b, s); memcpy(d, b, 4); }
EOF
cat >u2.c <<'EOF'
#include <stdio.h>
void u1(char *, const char *);
void u3(const char *);
int main(int argc, char **argv)
{
	char b[8];

	u1(b, argv[0]);
	u3(argv[0]);
	snprintf(b, sizeof(b), "%s", argv[argc - 1]);
	return b[0];
}
EOF
cat >u3.c <<'EOF'
#include <stdio.h>
#include <string.h>
void u3(const char *s) { char b[16]; strcpy(b, s); puts(b); }
EOF

# line FILE CHECK: the -v line of CHECK.
line() { "$AUDIT" -v "$1" | grep "^    $2 "; }
# is FILE CHECK WANT [REASON]: the -v verdict, and its reason if given.
is() {
	_l=$(line "$1" "$2")
	echo "$_l" | grep -q "^    $2  *$3 " || fail "$1: $2 is not $3: $_l"
	[ $# -lt 4 ] || echo "$_l" | grep -qF -- "$4" || fail "$1: $2 reason lacks '$4': $_l"
}
# prog NAME CC U3-FLAGS...: u1 and u2 fortified at -O2, u3 with U3-FLAGS.
prog() {
	_n=$1 _cc=$2
	shift 2
	$_cc $rec -O2 -c u1.c -o "$_n-u1.o" && $_cc $rec -O2 -c u2.c -o "$_n-u2.o" &&
		$_cc $rec "$@" -c u3.c -o "$_n-u3.o" 2>/dev/null &&
		$_cc -o "$_n" "$_n-u1.o" "$_n-u2.o" "$_n-u3.o" || fail "cannot build $_n"
}

rec="-g -grecord-command-line -D_FORTIFY_SOURCE=3"
prog c-O0 clang -O0
nm -D c-O0 | grep -q ' U strcpy' || fail "c-O0: u3.c at -O0 imports no plain strcpy"
is c-O0 fortify-source partial "but 1 of 3 recorded units do not optimise (-O0 or no -O), which fortify-source needs: u3.c"
is c-O0 fortify-3 no "1 recorded unit does not optimise (-O0 or no -O), where _FORTIFY_SOURCE has no effect: u3.c"
"$AUDIT" --expect fortify-source,fortify-3 c-O0 >/dev/null 2>err && fail "--expect passes an -O0 unit"
grep -q 'c-O0: fortify-3 not proven: no' err || fail "--expect message: $(cat err)"
prog c-none clang
is c-none fortify-3 no "u3.c"
# The last -O wins; -Og defines __OPTIMIZE__, as the catalog asks.
prog c-O2O0 clang -O2 -O0
is c-O2O0 fortify-3 no "u3.c"
for o in "-O0 -O2" -Og -Os; do
	prog c-opt clang $o
	is c-opt fortify-3 yes "-D_FORTIFY_SOURCE=3 in all 3 recorded units"
	is c-opt fortify-source yes
	"$AUDIT" --expect fortify-source,fortify-3 c-opt >/dev/null || fail "--expect fails clang $o"
done

# GCC records -O (not -D): an -O0 unit is seen.
rec="-g -grecord-gcc-switches -D_FORTIFY_SOURCE=3"
prog g-O0 gcc -O0
is g-O0 fortify-source partial "1 of 1 recorded units do not optimise (-O0 or no -O), which fortify-source needs: u3.c"
is g-O0 fortify-3 no "u3.c"
prog g-O2 gcc -O2
is g-O2 fortify-source yes
is g-O2 fortify-3 unknown "GCC records no -D"

# Not judged by -O: an LTO unit ("GNU GIMPLE", the link's options, here
# without -O) and a unit of another language (Fortran at -O0).
gcc $rec -O2 -flto -c u1.c -o l-u1.o && gcc $rec -O2 -flto -c u2.c -o l-u2.o &&
	gcc $rec -O2 -c u3.c -o l-u3.o && gcc -g -flto -o lto l-u1.o l-u2.o l-u3.o || fail "cannot build lto"
"$AUDIT" --units lto | grep -q 'units: 3 recorded, .*; 1 link-time (gcc -flto) units' ||
	fail "lto: no LTO unit: $("$AUDIT" --units lto | grep units:)"
is lto fortify-source yes
if have gfortran; then
	printf 'subroutine hello\n  print *, "hi"\nend subroutine\n' >f.f90
	gfortran -g -O0 -c f.f90 -o f.o && gcc -o withf g-O2-u1.o g-O2-u2.o g-O2-u3.o f.o -lgfortran ||
		fail "cannot build withf"
	is withf fortify-source yes
fi

# The calls win: u3 without debug info (no record) calls plain printf.
printf '#include <stdio.h>\nvoid u3(const char *s) { printf("%%s %%d\\n", s, 1); }\n' >u3.c
rec="-g -grecord-command-line -D_FORTIFY_SOURCE=3"
clang $rec -O2 -c u1.c -o p-u1.o && clang $rec -O2 -c u2.c -o p-u2.o &&
	clang -O2 -c u3.c -o p-u3.o && clang -o plain p-u1.o p-u2.o p-u3.o || fail "cannot build plain"
nm -D plain | grep -q ' U printf' || fail "plain imports no plain printf"
is plain fortify-3 unknown "-D_FORTIFY_SOURCE=3 in 2 recorded units, but 1 functions that it always fortifies are imported plain (printf)"
check_expect 1 fortify-3 plain
echo ok
