# A wrapper that prints on every call (distcc with no server) is noise:
# the base probe prints it too, so the report is gcc's.  A message that
# only a feature's flag brings still fails that feature, with the message,
# in the same words on every run (the compiler's temporary file named cc*).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
cat >distcc-down <<'EOF2'
#!/bin/sh
echo "distcc[$$] (dcc_connect_by_name) ERROR: nonblocking connect to 10.0.0.$$:3632 failed: Connection refused" >&2
echo "distcc[$$] Warning: failed to distribute, running locally instead" >&2
exec gcc "$@"
EOF2
cat >picky <<'EOF2'
#!/bin/sh
for a do
	case $a in -fstack-clash-protection)
		echo "$(mktemp -u "${TMPDIR:-/tmp}/ccXXXXXX.s"): warning: $a is slow here" >&2 ;;
	esac
done
exec gcc "$@"
EOF2
chmod +x distcc-down picky
export CFLAGS=-O2
CC=gcc sh "$S/catalog/harden-flags" --level=strict >gcc.report || fail "gcc failed"
CC="$T/distcc-down" sh "$S/catalog/harden-flags" --level=strict >noisy.report 2>err || fail "noisy wrapper: $(cat err)"
[ ! -s err ] || fail "messages leaked: $(cat err)"
grep -v '^runs=' gcc.report >a; grep -v '^runs=' noisy.report >b
diff a b || fail "the noisy wrapper's report differs from gcc's"
for run in 1 2; do
	CC="$T/picky" sh "$S/catalog/harden-flags" >picky$run.report || fail "picky wrapper failed"
done
report_expect picky1.report stack-clash-protection "unsupported -"
[ "$(report_reason picky1.report stack-clash-protection)" = "cc*.s: warning: -fstack-clash-protection is slow here" ] ||
	fail "reason: $(report_reason picky1.report stack-clash-protection)"
report_expect picky1.report stack-protector "on strong"
cmp -s picky1.report picky2.report || fail "two runs differ: $(diff picky1.report picky2.report)"
echo ok
