# Distribution flags (dpkg-buildflags with hardening=+all, which sets
# CXXFLAGS too) decide the features they name, in C and in C++: harden adds
# nothing for them, so no flag reaches a command line twice, the
# distribution's fortify level 2 stays (harden's 3 never replaces it), and
# the C probe still costs $standard_runs compiler runs.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ dpkg-buildflags
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
cxx_example ex CC=gcc CXX=g++
for f in stack-protector fortify-source relro bind-now format-security; do
	[ "$(summary_lang_state ex C $f)" = builder ] || fail "$f is not the builder's: $(summary_lang ex C | grep "^  $f ")"
	summary_lang ex C | grep -q "^  $f  *builder  *set by the builder (.*); present\$" ||
		fail "$f not proven present: $(summary_lang ex C | grep "^  $f ")"
done
grep -q "^configure: harden-flags: $standard_runs compiler runs\$" ex/config.log || fail "not $standard_runs compiler runs: $(grep 'compiler runs' ex/config.log)"
cxx_make ex
grep -E '(^| )(gcc|libtool: (compile|link):)' ex/make.out >lines
[ -s lines ] || fail "no compile or link line in the make output"
for flag in -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security; do
	awk -v f="$flag" '{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; exit 1 } }' lines ||
		fail "$flag twice on a command line"
done
grep -q -- '-D_FORTIFY_SOURCE=3' lines && fail "harden's fortify 3 reached a command line"
elf_has_sym ex/.libs/libtally.so __snprintf_chk || fail "the library lost the distribution's fortify"
assert_hardened_pair ex/.libs/tally ex/.libs/libtally.so
# C++: the report and every g++ line, as for the other frontends.
distro_cxx_check ex/harden-report-cxx.txt ex/make.out
elf_has_canary ex/words && elf_has_relro ex/words && elf_has_now ex/words ||
	fail "words lost the distribution's hardening"
echo ok
