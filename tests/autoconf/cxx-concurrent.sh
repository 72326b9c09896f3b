#!/bin/sh
# With AC_PROG_CC and AC_PROG_CXX before HARDEN_CHECK, the C and C++ probes
# are one run of the driver, which runs them at the same time: compiler
# runs of the two probes interleave (one after the other, every C run
# would come before every C++ one), both summaries are shown and no probe
# directory is left behind.  Each language keeps its own outcome: a
# request C++ cannot meet (at -O0) stops configure with the C++ message
# after C's summary (on) and C++'s (unsupported).
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

(cd "$T/ex" && ./configure --enable-cxx --enable-fortify-source CC=gcc CXX=g++ CFLAGS=-O2 CXXFLAGS=-O0 \
	>unmet.out 2>&1) && fail "configure met a request C++ cannot meet"
sed -n '/^configure: hardening level standard with gcc:$/,/^configure: hardening level/p' "$T/ex/unmet.out" |
	grep -q '^  fortify-source  *on  *3: ' || fail "C's summary: $(cat "$T/ex/unmet.out")"
sed -n '/^configure: hardening level standard with g++ (C++):$/,$p' "$T/ex/unmet.out" |
	grep -q '^  fortify-source  *unsupported  *needs optimisation' || fail "C++'s summary: $(cat "$T/ex/unmet.out")"
tail -n 1 "$T/ex/unmet.out" | grep -qx 'configure: error: cannot enable fortify-source: needs optimisation (-O1 or more)' ||
	fail "the error: $(tail -n 1 "$T/ex/unmet.out")"
echo ok
