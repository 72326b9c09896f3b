#!/bin/sh
# With AC_PROG_CC and AC_PROG_CXX before HARDEN_CHECK, the C and C++ probes
# run at the same time: compiler runs of the two probes interleave (one
# after the other, every C run would come before every C++ one), both
# summaries are shown and no probe directory is left behind.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
# A wrapper per compiler: a line per compile of harden's probes, which
# last a little longer, so that an overlap cannot be missed.
for c in gcc g++; do
	cat >"$T/$c-wrap" <<EOS
#!/bin/sh
case " \$* " in
*/conftest.harden-*) echo $c >>"$T/order"; sleep 0.1 ;;
esac
exec $c "\$@"
EOS
	chmod +x "$T/$c-wrap"
done
autotools_small "$T/ex" --enable-cxx CC="$T/gcc-wrap" CXX="$T/g++-wrap" CFLAGS=-O2 CXXFLAGS=-O2 ||
	fail "configure failed: $(tail -n 3 "$T/ex/configure.out")"
grep -q "^configure: hardening level standard with $T/gcc-wrap:" "$T/ex/configure.out" || fail "no C summary"
grep -q "^configure: hardening level standard with $T/g++-wrap (C++):" "$T/ex/configure.out" || fail "no C++ summary"
first_cxx=$(grep -n -m 1 -x 'g++' "$T/order" | cut -d: -f1)
last_c=$(grep -n -x gcc "$T/order" | tail -n 1 | cut -d: -f1)
[ -n "$first_cxx" ] && [ -n "$last_c" ] || fail "no probe compiles recorded: $(cat "$T/order" 2>/dev/null)"
[ "$first_cxx" -lt "$last_c" ] || fail "C++ probes began (line $first_cxx) after the C probes ended (line $last_c)"
ls -d "$T"/ex/conftest.harden-* 2>/dev/null && fail "probe directories left behind"
echo ok
