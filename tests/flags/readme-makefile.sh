# The README's plain-Makefile snippet, taken from README.md itself (the
# make block that starts "# A plain Makefile"), builds a hardened program:
# main.o is compiled by the snippet's own rule with harden's flags (make's
# built-in rule would know nothing of them), the program has the canary,
# fortified calls, PIE, full RELRO and an NX stack, and its link line has
# -fstack-protector-strong once.  The examples/make links too.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make
awk '$0 == "```make" { getline; on = ($0 ~ /^# A plain Makefile/) } on && /^```/ { exit } on' "$S/README.md" >Makefile
grep -q '^prog: main.o' Makefile || fail "README.md has no plain-Makefile block with prog: $(cat Makefile)"
ln -s "$S" harden || exit 99
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	char b[16];
	strcpy(b, argc > 5 ? argv[1] : "hardened");
	puts(b);
	return 0;
}
C
run make.out env CC=gcc CFLAGS='-O2 -g' make prog
assert_hardened_program prog
[ "$(./prog)" = hardened ] || fail "prog does not run"
grep -- ' -c ' make.out | grep 'main\.c' | grep -q -- '-fstack-protector-strong' ||
	fail "main.o was not compiled with harden's flags: $(grep main make.out)"
# once LOG: every gcc link line of LOG has -fstack-protector-strong once.
once() {
	grep '^gcc ' "$1" | grep -v -- ' -c ' >links
	[ -s links ] || fail "$1: no link line"
	while IFS= read -r line; do
		k=$(printf '%s\n' "$line" | tr ' ' '\n' | grep -c -x -- -fstack-protector-strong)
		[ "$k" = 1 ] || fail "$1: -fstack-protector-strong $k times on: $line"
	done <links
}
once make.out
mkdir -p ex && cp -R "$S/examples/make" "$S/examples/autotools" ex/ || exit 99
(cd ex/make && make CC=gcc HARDEN="$S/catalog/harden-flags" >out 2>&1) || fail "examples/make failed: $(tail -n 5 ex/make/out)"
once ex/make/out
echo ok
