# A wrapper that chatters on some kinds of call only (distcc says "failed
# to distribute" for the jobs it would distribute; here: the compiles to
# assembly, of which the base probe makes none) is noise too: what the
# same compile prints without any hardening flag is not a flag's fault.
# The report is gcc's, cached as gcc's.  A warning that a feature's flag
# brings to that compile still fails the feature, with the warning.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
cat >distcc-asm <<'EOF2'
#!/bin/sh
for a do
	case $a in -S) echo "distcc[$$] (dcc_build_somewhere) Warning: failed to distribute, running locally instead" >&2 ;; esac
done
for a do
	case $a in -fcf-protection=full) [ -z "$PICKY" ] || echo "cc1: warning: $a is slow here" >&2 ;; esac
done
exec gcc "$@"
EOF2
chmod +x distcc-asm
export CFLAGS=-O2
CC=gcc sh "$S/catalog/harden-flags" >gcc.report || fail "gcc failed"
grep -v '^runs=' gcc.report >want
for run in 1 2; do
	CC="$T/distcc-asm" sh "$S/catalog/harden-flags" --cache=c >noisy$run.report 2>err ||
		fail "run $run: $(cat err)"
	[ ! -s err ] || fail "run $run: messages leaked: $(cat err)"
	grep -v '^runs=' noisy$run.report | diff want - || fail "run $run: the report differs from gcc's"
done
[ "$(report_key noisy2.report runs)" = 0 ] || fail "the second run probed again"
PICKY=yes CC="$T/distcc-asm" sh "$S/catalog/harden-flags" >picky.report || fail "picky wrapper failed"
report_expect picky.report cf-protection "unsupported -"
[ "$(report_reason picky.report cf-protection)" = "cc1: warning: -fcf-protection=full is slow here" ] ||
	fail "reason: $(report_reason picky.report cf-protection)"
report_expect picky.report stack-clash-protection "on yes"
echo ok
