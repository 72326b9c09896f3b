# clang 14 aimed at aarch64 accepts -fstack-clash-protection with only a
# warning and generates nothing for it: never claimed.  clang 19 does
# generate the probes, and gets the feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
[ -d /usr/aarch64-linux-gnu/lib ] || skip "no aarch64 sysroot (gcc-aarch64-linux-gnu not installed)"
need clang clang-19
autotools_small a --host=aarch64-linux-gnu CC="clang --target=aarch64-linux-gnu" ||
	fail "configure failed: $(tail -n 3 a/configure.out)"
grep -q "^  stack-clash-protection  *unsupported  *clang: warning: argument unused during compilation: '-fstack-clash-protection'" a/configure.out ||
	fail "clang 14 on aarch64: stack-clash-protection not refused"
[ "$(summary_state a branch-protection)" = on ] || fail "clang 14: branch-protection not on"
autotools_small b --host=aarch64-linux-gnu CC="clang-19 --target=aarch64-linux-gnu" ||
	fail "configure failed: $(tail -n 3 b/configure.out)"
[ "$(summary_state b stack-clash-protection)" = on ] || fail "clang 19 on aarch64: stack-clash-protection not on"
echo ok
