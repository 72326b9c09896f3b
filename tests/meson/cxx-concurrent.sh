#!/bin/sh
# The C and C++ probes of a mixed project run at the same time: compiler
# runs of the two probes interleave (with one after the other, every C run
# would come before every C++ one), and the run files of the background
# probe are gone afterwards.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
meson_parent_cxx_with_copy "$T/p"
# A wrapper per compiler: a line per compile of harden's probes, which
# last a little longer, so that an overlap cannot be missed.
for c in gcc g++; do
	cat >"$T/$c-wrap" <<EOS
#!/bin/sh
case " \$* " in
*/catalog/*|*/harden-flags.*) echo $c >>"$T/order"; sleep 0.1 ;;
esac
exec $c "\$@"
EOS
	chmod +x "$T/$c-wrap"
done
CC="$T/gcc-wrap" CXX="$T/g++-wrap" meson_setup "$T/p" "$T/b" --buildtype=release
[ "$(report_key "$(meson_report "$T/b" -cxx)" runs)" -gt 0 ] || fail "no C++ probe ran"
first_cxx=$(grep -n -m 1 -x 'g++' "$T/order" | cut -d: -f1)
last_c=$(grep -n -x gcc "$T/order" | tail -n 1 | cut -d: -f1)
[ -n "$first_cxx" ] && [ -n "$last_c" ] || fail "no probe compiles recorded: $(cat "$T/order")"
[ "$first_cxx" -lt "$last_c" ] || fail "C++ probes began (line $first_cxx) after the C probes ended (line $last_c)"
ls "$T"/b/subprojects/harden/harden-run* 2>/dev/null && fail "run files left behind"
echo ok
