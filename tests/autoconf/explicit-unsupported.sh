# A feature asked for explicitly that cannot be honoured stops configure
# with an error naming it and saying why, after the summary; when the
# builder's own CFLAGS undo it, the error names their flag too.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_small a --enable-branch-protection && fail "--enable-branch-protection accepted on x86"
grep -q 'error: cannot enable branch-protection: aarch64 only (target is x86)' a/configure.out ||
	fail "unexpected message: $(tail -n 1 a/configure.out)"
grep -q '^  no-strict-aliasing ' a/configure.out || fail "the summary was not printed before the error"
autotools_small b --enable-fortify-source CFLAGS=-O0 && fail "--enable-fortify-source accepted at -O0"
grep -q 'error: cannot enable fortify-source: needs optimisation' b/configure.out ||
	fail "unexpected message: $(tail -n 1 b/configure.out)"
autotools_small s --enable-stack-protector CFLAGS="-O2 -fno-stack-protector" &&
	fail "--enable-stack-protector accepted against CFLAGS=-fno-stack-protector"
grep -q "error: cannot enable stack-protector: .* (the builder's flags have -fno-stack-protector)\$" s/configure.out ||
	fail "unexpected message: $(tail -n 1 s/configure.out)"
need gcc-11
autotools_small c --enable-hardening=strict --enable-strict-flex-arrays CC=gcc-11 &&
	fail "--enable-strict-flex-arrays accepted by gcc-11"
grep -q 'error: cannot enable strict-flex-arrays: .*-fstrict-flex-arrays=3' c/configure.out ||
	fail "unexpected message: $(tail -n 1 c/configure.out)"
echo ok
