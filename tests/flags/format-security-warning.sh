# format-security is on only when the misuse fails to compile, not when it
# merely warns: Debian's workaround -Wno-error=format-security is the
# builder's "off" (an explicit request is an error naming it), and clang's
# -Wno-error=format, which gcc ignores for this warning, leaves a misuse
# that compiles: unsupported, with the reason.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang
H="$S/catalog/harden-flags"
CC=gcc CFLAGS="-O2 -Wno-error=format-security" sh "$H" >r || fail "gcc failed"
report_expect r format-security "builder off"
[ "$(report_reason r format-security)" = "set by the builder (-Wno-error=format-security); absent" ] ||
	fail "reason: $(report_reason r format-security)"
CC=gcc CFLAGS="-O2 -Wno-error=format-security" sh "$H" --enable-format-security >r 2>err &&
	fail "--enable-format-security with -Wno-error=format-security accepted"
[ $? -eq 1 ] || fail "exit status not 1"
[ "$(cat err)" = "harden-flags: cannot enable format-security: a printf-like call with a non-literal format still compiles (the builder's flags have -Wno-error=format-security)" ] ||
	fail "message: $(cat err)"
CC=clang CFLAGS="-O2 -Wno-error=format" sh "$H" >r || fail "clang failed"
report_expect r format-security "unsupported -"
[ "$(report_reason r format-security)" = "a printf-like call with a non-literal format still compiles" ] ||
	fail "reason: $(report_reason r format-security)"
CC=gcc CFLAGS="-O2 -Wno-error=format" sh "$H" >r || fail "gcc -Wno-error=format failed"
report_expect r format-security "on yes"
echo ok
