# Each flag once on a link line: Automake links with AM_CFLAGS (and
# AM_CXXFLAGS) on the line, so HARDEN_LDFLAGS and HARDEN_CXX_LDFLAGS leave
# out the flags of both compiling and linking (cc+ld in the catalog:
# -fstack-protector-strong), which AM_CFLAGS holds.  In the example (C and
# C++, libtool), every link make runs and every link libtool runs has
# -fstack-protector-strong exactly once, and the binaries keep their canary.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++
cxx_example ex CC=gcc CXX=g++
cxx_make ex
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
for f in ex/.libs/tally ex/.libs/libtally.so ex/words ex/tallyxx; do
	[ -f "$f" ] || f=${f%/*}/.libs/${f##*/}
	elf_has_canary "$f" || fail "$f lost its canary"
done
echo ok
