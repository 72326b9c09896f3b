# Disabling a code-generation feature puts its off flag on the compile
# lines, after nothing the builder set: stack-clash and cf-protection.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
autotools_example ex --disable-stack-clash-protection --disable-cf-protection --disable-format-security ||
	fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 V=1 >make.out 2>&1) || fail "make failed: $(tail -n 10 ex/make.out)"
for f in stack-clash-protection cf-protection format-security; do
	[ "$(summary_state ex $f)" = off ] || fail "summary does not say $f off"
done
cflags=$(subst ex HARDEN_CFLAGS)
for flag in -fno-stack-clash-protection -fcf-protection=none -Wno-format-security; do
	echo " $cflags " | grep -q -- " $flag " || fail "HARDEN_CFLAGS lacks $flag: $cflags"
	grep -q -- "$flag" ex/make.out || fail "$flag is not on the compile lines"
done
echo ok
