# The batch keeps the common case cheap: with gcc on x86_64, the standard
# level costs 9 compiler runs (the base probe's compile and link, traits,
# the set's compile and link, one -S for the code-generation features, one
# -S per such feature with its off flags, one misuse compile), and a
# re-run with -C costs none.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_small ex -C || fail "configure failed: $(tail -n 3 ex/configure.out)"
# Both the driver's count and the commands it logged to config.log.
runs=$(sed -n 's/^configure: harden-flags: \([0-9]*\) compiler runs$/\1/p' ex/config.log)
[ "$runs" = 9 ] || fail "standard level took '$runs' compiler runs, not 9"
logged=$(grep -c '^harden-flags: gcc ' ex/config.log)
[ "$logged" -eq 9 ] || fail "config.log shows $logged compiler runs, not 9"
(cd ex && ./configure -C >again.out 2>&1) || fail "second configure failed"
runs=$(sed -n 's/^configure: harden-flags: \([0-9]*\) compiler runs$/\1/p' ex/config.log)
[ "$runs" = 0 ] || fail "the cached run took '$runs' compiler runs"
grep -q '^harden-flags: gcc ' ex/config.log && fail "the cached run ran the compiler"
echo ok
