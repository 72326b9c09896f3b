# Any warning fails a probe, so the probe program itself must compile
# without one under the strict warning sets projects use, with every
# compiler CI installs.
. "$HARDEN_SRCDIR/tests/lib.sh"
W="-Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wmissing-prototypes -Wstrict-prototypes
 -Wformat=2 -Wshadow -Wvla -Wcast-qual -Wold-style-definition -Wmissing-declarations
 -Wredundant-decls -Wnull-dereference -Wdeclaration-after-statement -Wundef -Wwrite-strings"
for cc in gcc clang gcc-11 clang-19; do
	need $cc
	for std in c99 c11 gnu17; do
		$cc -std=$std -O2 $W -o probe "$HARDEN_SRCDIR/catalog/probe.c" 2>err ||
			fail "$cc -std=$std cannot build the probe: $(head -n 3 err)"
		[ -s err ] && fail "$cc -std=$std warns: $(head -n 3 err)"
	done
	$cc -E "$HARDEN_SRCDIR/catalog/traits.c" >traits.out 2>err && [ ! -s err ] ||
		fail "$cc cannot preprocess traits.c cleanly"
	grep -q '^harden_trait arch=x86$' traits.out || fail "$cc: no arch trait"
done
echo ok
