# Helpers of the tests/cost scripts (sourced; not a test itself): the
# shared tests/lib.sh, plus
#   cost_tool            tools/harden-cost (-Werror), built once per run with
#                        harden-audit (tools_build); sets HC
#   tiny_project DIR     a one-file plain-Makefile project (the --make form)
#   cost_driver          COST_DRIVER, catalog/harden-flags with its output
#                        kept for the run
#   cost_make SRCDIR ... harden-cost --make with this tree's catalog and
#                        COST_DRIVER (set it to catalog/harden-flags for the
#                        driver itself)
#   json_get FILE EXPR   evaluates a Python expression on the parsed JSON (j)
. "$(dirname "$0")/../lib.sh"

cost_tool() {
	need make cc
	tools_build "harden-audit harden-cost"
	HC=$TOOLS/harden-cost
}

tiny_project() {
	mkdir -p "$1"
	cat >"$1/hello.c" <<'EOC'
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char buf[64];

	strcpy(buf, argc > 1 ? argv[1] : "hello");
	puts(buf);
	return 0;
}
EOC
	printf 'hello: hello.c\n\t$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ hello.c\n' >"$1/Makefile"
}

json_get() {
	python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$1" "$2"
}

cost_make() {
	_src=$1
	shift
	[ -n "${COST_DRIVER-}" ] || cost_driver
	"$HC" --make "$_src" --catalog "$S/catalog" --harden-flags "$COST_DRIVER" "$@"
}

# cost_driver: COST_DRIVER, catalog/harden-flags behind a store of its
# output for the run (run_once): the same arguments and flags give the
# same report, so the tests of what harden-cost does with its builds and
# runs probe each variant's flags once a run, not once a build (a variant
# and the control ask the same).  The key: the arguments, HARDEN_CATALOG,
# CC, CPPFLAGS, CFLAGS, and LDFLAGS but harden-cost's -B of its linker
# wrapper (in each run's own directory); a run that fails is not kept.
# catalog-env.sh (its guarantee is what the driver reads) and
# failing-variant.sh give harden-cost the driver itself.  Called before
# a TMPDIR= of the test's own (keep.sh, sigpipe.sh): a script run alone
# keeps the store in TMPDIR.
cost_driver() {
	run_once "cost-driver-$(cat "$S"/catalog/* | cksum | sed 's/ .*//')" _cost_driver_write
	COST_DRIVER=$ONCE/harden-flags
}
_cost_driver_write() {	# DIR
	cat >"$1/harden-flags" <<EOS
#!/bin/sh
# catalog/harden-flags, its output kept for the run (tests/cost/lib.sh, cost_driver)
l=\$(printf ' %s\n' "\${LDFLAGS-}" | sed 's| -B[^ ]*/layouts/ld/||g')
k=\$(printf '%s\n' "\$@" "\${HARDEN_CATALOG-}" "\${CC-}" "\${CPPFLAGS-}" "\${CFLAGS-}" "\$l" |
	cksum | sed 's/ .*//')
o='$1'/out-\$k
if [ ! -f "\$o" ]; then
	sh '$S/catalog/harden-flags' "\$@" >"\$o.\$\$" || { r=\$?; cat "\$o.\$\$"; rm -f "\$o.\$\$"; exit \$r; }
	mv -f "\$o.\$\$" "\$o"
fi
exec cat "\$o"
EOS
	chmod +x "$1/harden-flags"
}

# objects_project DIR: a plain-Makefile project of five objects, whose
# program prints how far apart the linker put two of its functions (in
# 16-byte steps): a figure of its code layout alone.
objects_project() {
	mkdir -p "$1"
	for _f in a b c d; do
		printf 'int f_%s(int x) { return x * 3 + %d; }\n' $_f ${#_f} >"$1/$_f.c"
	done
	cat >"$1/main.c" <<'EOC'
#include <stdio.h>

int f_a(int), f_b(int), f_c(int), f_d(int);

int main(void)
{
	long gap = (long)((char *)&f_d - (char *)&f_a);

	printf("%ld\n", 100 + gap / 16);
	return f_a(1) + f_b(2) + f_c(3) + f_d(4) == 0;
}
EOC
	printf 'OBJS = main.o a.o b.o c.o d.o\nprog: $(OBJS)\n\t$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS)\n' \
		>"$1/Makefile"
}
