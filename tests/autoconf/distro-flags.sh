# Distribution flags (dpkg-buildflags with hardening=+all) decide the
# features they name: harden adds nothing for them, so no flag reaches a
# command line twice, the distribution's fortify level 2 stays, and the
# probe still costs 9 compiler runs.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc dpkg-buildflags
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
autotools_example ex CC=gcc || fail "configure failed: $(tail -n 3 ex/configure.out)"
for f in stack-protector fortify-source relro bind-now format-security; do
	[ "$(summary_state ex $f)" = builder ] || fail "$f is not the builder's: $(grep "^  $f " ex/configure.out)"
	grep -q "^  $f  *builder  *set by the builder (.*); present\$" ex/configure.out ||
		fail "$f not proven present: $(grep "^  $f " ex/configure.out)"
done
grep -q '^configure: harden-flags: 9 compiler runs$' ex/config.log || fail "not 9 compiler runs: $(grep 'compiler runs' ex/config.log)"
(cd ex && make V=1 -j2 >make.out 2>&1) || fail "make failed: $(tail -n 5 ex/make.out)"
grep -E '(^| )(gcc|libtool: (compile|link):)' ex/make.out >lines
[ -s lines ] || fail "no compile or link line in the make output"
for flag in -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security; do
	awk -v f="$flag" '{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; exit 1 } }' lines ||
		fail "$flag twice on a command line"
done
grep -q -- '-D_FORTIFY_SOURCE=3' lines && fail "harden's fortify 3 reached a command line"
elf_has_sym ex/.libs/libtally.so __snprintf_chk || fail "the library lost the distribution's fortify"
assert_hardened_pair ex/.libs/tally ex/.libs/libtally.so
echo ok
