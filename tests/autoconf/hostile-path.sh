# A build directory whose path holds | ; and spaces (Automake refuses
# $ ' " itself; tests/flags/hostile-path.sh has those), with a compiler that
# warns on every run and once more for -fstack-clash-protection: the
# warning of every run is the base probe's too, so nobody's fault, and the
# program is hardened; the feature whose flag brings a warning is off with
# it as the reason; no sed or shell error leaks.  The driver never pastes
# a path into a sed, awk or eval program.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
cat >warncc <<'EOF2'
#!/bin/sh
echo "warncc: warning: this compiler warns about everything" >&2
for a do
	case $a in -fstack-clash-protection) echo "warncc: warning: $a is slow here" >&2 ;; esac
done
exec gcc "$@"
EOF2
chmod +x warncc
dir="$T/pipe|dir ;x"
# tests/autoconf/small: the paths are configure's business (Automake and
# Libtool are not harden's), and tally is built there with its flags.
autotools_small "$dir" CC="$T/warncc" CFLAGS=-O2 ||
	fail "configure failed: $(tail -n 3 "$dir/configure.out")"
grep -q 'sed:\|syntax error\|not found' "$dir/configure.out" &&
	fail "an error leaked: $(grep 'sed:\|syntax error\|not found' "$dir/configure.out" | head -n 2)"
echo " $(subst "$dir" HARDEN_ENABLED) " | grep -q ' stack-protector=strong ' ||
	fail "the warning of every run turned features off: $(subst "$dir" HARDEN_ENABLED)"
grep -q '^  stack-clash-protection  *unsupported  *warncc: warning: -fstack-clash-protection is slow here$' "$dir/configure.out" ||
	fail "wrong reason: $(grep '^  stack-clash-protection' "$dir/configure.out")"
autotools_small_tally "$dir"
assert_hardened_program "$dir/tally"
echo ok
