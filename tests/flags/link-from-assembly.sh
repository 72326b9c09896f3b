# A set whose code is compiled to assembly for its proofs is linked from
# that assembly (one compile fewer), and the report is the same as with a
# compile of its own: when the builder asks for LTO objects (the assembly
# has none), when the assembler refuses the file, and when it warns
# (clang: "argument unused during compilation").
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
export CC=gcc CFLAGS=-O2
hf() { sh "$S/catalog/harden-flags" "$@"; }
hf --log=plain.log >plain || fail "the plain run failed"
grep -q ' -c -o [^ ]*/b1\.o [^ ]*/b1_on\.s$' plain.log ||
	fail "the set was not linked from its assembly: $(grep 'b1\.o' plain.log)"
grep -q ' -c -o [^ ]*/b1\.o [^ ]*/probe\.c$' plain.log &&
	fail "the set was compiled once more: $(grep 'b1\.o' plain.log)"
grep -v '^runs=' plain >want

# LTO objects: the link gets a compile of its own, with -flto.
CFLAGS="-O2 -flto" hf --log=lto.log >lto || fail "the LTO run failed"
grep -q ' -flto .*-c -o [^ ]*/b1\.o [^ ]*/probe\.c$' lto.log ||
	fail "with -flto, no compile of the set's own: $(grep 'b1\.o' lto.log)"
[ "$(report_state lto fortify-source)" = on ] || fail "with -flto: $(grep fortify lto)"
CFLAGS="-O2 -flto -fno-lto" hf --log=nolto.log >/dev/null || fail "the -fno-lto run failed"
grep -q ' -c -o [^ ]*/b1\.o [^ ]*/b1_on\.s$' nolto.log || fail "-fno-lto last still compiled again"

# An assembler that refuses the file, or warns: the same report.
cat >picky <<'EOF2'
#!/bin/sh
# gcc, but for assembly input: MODE=fail fails, MODE=warn warns.
prev=
for a do
	case $prev:$a in
	-o:*) ;;
	*:*.s)
		echo "picky: assembler says $MODE" >&2
		[ "$MODE" = fail ] && exit 1 ;;
	esac
	prev=$a
done
exec gcc "$@"
EOF2
chmod +x picky
for mode in fail warn; do
	MODE=$mode CC="$T/picky" hf --log=$mode.log >$mode 2>err || fail "MODE=$mode: $(cat err)"
	grep -v '^runs=' $mode | diff want - || fail "MODE=$mode: the report differs"
	grep -q "picky: assembler says $mode" $mode.log || fail "MODE=$mode: the assembler's message is not in the log"
done
grep -q ' -c -o [^ ]*/b1\.o [^ ]*/probe\.c$' fail.log || fail "no compile after the assembler failed"
echo ok
