# Invalid values stop configure with the list of valid ones.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_small a --enable-hardening=bogus && fail "--enable-hardening=bogus accepted"
grep -q "configure: error: invalid level 'bogus': use none, standard or strict" a/configure.out ||
	fail "unexpected message: $(tail -n 1 a/configure.out)"
autotools_small b --enable-fortify-source=4 && fail "--enable-fortify-source=4 accepted"
grep -q "configure: error: invalid value '4' for fortify-source: use auto, yes, no, 3, 2" b/configure.out ||
	fail "unexpected message: $(tail -n 1 b/configure.out)"
autotools_small c --enable-stack-protector=all && fail "--enable-stack-protector=all accepted"
grep -q "use auto, yes, no, strong, basic" c/configure.out || fail "unexpected message: $(tail -n 1 c/configure.out)"
echo ok
