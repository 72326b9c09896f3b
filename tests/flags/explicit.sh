# An explicit request that cannot be met exits 1 with one line naming the
# feature and the reason; the report is still written, and says the same.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
CC=gcc CFLAGS=-O2 sh "$H" --enable-branch-protection >report 2>err && fail "branch-protection on x86 accepted"
[ $? -eq 1 ] || fail "exit status not 1"
[ "$(cat err)" = "harden-flags: cannot enable branch-protection: aarch64 only (target is x86)" ] ||
	fail "message: $(cat err)"
report_expect report branch-protection "unsupported -"
report_expect report stack-protector "on strong"
# The builder's flags that defeat --disable-X: the error names both.
CC=gcc CFLAGS="-O2 -fstack-protector-strong" sh "$H" --disable-stack-protector >report 2>err && fail "disable against the builder's flag accepted"
grep -q '^harden-flags: cannot disable stack-protector: still present (.*) (the builder.s flags have -fstack-protector-strong)$' err ||
	fail "message: $(cat err)"
# ... and --enable-X: the probe compiles as a real build does, CFLAGS last,
# so the builder's -fno-stack-protector wins over harden's flag.
CC=gcc CFLAGS="-O2 -fno-stack-protector" sh "$H" --enable-stack-protector >report 2>err &&
	fail "enable against the builder's -fno-stack-protector accepted"
[ $? -eq 1 ] || fail "exit status not 1"
grep -q '^harden-flags: cannot enable stack-protector: .* (the builder.s flags have -fno-stack-protector)$' err ||
	fail "message: $(cat err)"
# The same flag in CC comes before harden's off flag: the request is met.
CC="gcc -fstack-protector-strong" CFLAGS=-O2 sh "$H" --disable-stack-protector >report 2>err || fail "disable with CC's flag: $(cat err)"
report_expect report stack-protector "off -"
echo ok
