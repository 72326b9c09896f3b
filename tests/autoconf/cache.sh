# ./configure -C twice gives the same flags and summary, the second time
# from the cache, which costs no compiler run; the first, with gcc on
# x86_64 at the standard level, costs 9 (the batch keeps the common case
# cheap: the base probe's compile and link, traits, the set's compile and
# link, one -S for the code-generation features, one -S per such feature
# with its off flags, one misuse compile).  Preseeded cache variables are
# honoured; results cached for another toolchain are dropped.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_small ex -C || fail "first configure failed: $(tail -n 3 ex/configure.out)"
# Both the driver's count and the commands it logged to config.log.
runs=$(sed -n 's/^configure: harden-flags: \([0-9]*\) compiler runs$/\1/p' ex/config.log)
[ "$runs" = "$standard_runs" ] || fail "standard level took '$runs' compiler runs, not $standard_runs"
logged=$(grep -c '^harden-flags: gcc ' ex/config.log)
[ "$logged" -eq "$standard_runs" ] || fail "config.log shows $logged compiler runs, not $standard_runs"
mv ex/configure.out ex/first.out
cp ex/Makefile ex/Makefile.first
(cd ex && ./configure -C >second.out 2>&1) || fail "second configure failed"
grep -q 'checking for stack-protector... (cached) strong' ex/second.out || fail "second run did not use the cache"
grep -q 'conftest\.harden-[a-z]*/probe' ex/config.log && fail "second run probed again"
runs=$(sed -n 's/^configure: harden-flags: \([0-9]*\) compiler runs$/\1/p' ex/config.log)
[ "$runs" = 0 ] || fail "the cached run took '$runs' compiler runs"
grep -q '^harden-flags: gcc ' ex/config.log && fail "the cached run ran the compiler"
grep '^HARDEN_' ex/Makefile.first >a; grep '^HARDEN_' ex/Makefile >b
cmp -s a b || fail "flags differ between the runs: $(diff a b)"
summary() { awk '/hardening level/ { t = 1; print; next } t && /^  / { print; next } { t = 0 }' "$1"; }
summary ex/first.out >a
summary ex/second.out >b
[ "$(wc -l <a)" -gt 17 ] || fail "the summary was not found: $(cat a)"
cmp -s a b || fail "summaries differ: $(diff a b)"

# Preseeding, from the command line.
(cd ex && ./configure harden_cv_stack_clash_protection=no harden_cv_stack_protector=basic >pre.out 2>&1) ||
	fail "configure with preseeds failed"
grep -q '^  stack-clash-protection  *unsupported  *preseeded harden_cv_stack_clash_protection=no' ex/pre.out ||
	fail "preseeded no not honoured"
grep -q '^  stack-protector  *on  *basic: -fstack-protector --param=ssp-buffer-size=4' ex/pre.out ||
	fail "preseeded value not honoured"
subst ex HARDEN_CFLAGS | grep -q -- -fstack-clash-protection && fail "preseeded-off flag still applied"

# A cache written for another toolchain is not trusted (config.cache is
# the second run's: the preseeded one above used none).
grep -q '^harden_cv_toolchain=' ex/config.cache && grep -q '^harden_cv_stack_protector=' ex/config.cache ||
	fail "config.cache lacks harden_cv_toolchain or harden_cv_stack_protector"
(cd ex && sed 's/^harden_cv_toolchain=.*/harden_cv_toolchain=${harden_cv_toolchain=1}/' config.cache >c &&
	sed 's/^harden_cv_stack_protector=.*/harden_cv_stack_protector=${harden_cv_stack_protector=no}/' c >config.cache &&
	./configure -C >stale.out 2>&1) || fail "configure with a stale cache failed"
grep -q 'cached hardening results belong to another toolchain' ex/stale.out || fail "no warning about the stale cache"
grep -q '^  stack-protector  *on  *strong' ex/stale.out || fail "stale cached result was used"
echo ok
