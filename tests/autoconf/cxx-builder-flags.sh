# The builder's C++ flags win on C++ lines, and nothing reaches a C++ line
# twice: CXXFLAGS=-fno-stack-protector leaves stack-protector to the
# builder for C++ only (words has no canary, tally keeps one), and with
# Debian's flags (dpkg-buildflags, hardening=+all, which sets CXXFLAGS too)
# no distribution flag appears twice on a compile or link line of g++ and
# harden's fortify 3 never replaces the distribution's 2.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ dpkg-buildflags

# once FILE FLAG...: no line of FILE has one of the FLAGs twice.
once() {
	_f=$1
	shift
	for _w in "$@"; do
		awk -v f="$_w" '{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; exit 1 } }' "$_f" ||
			fail "$_w twice on a line of $_f"
	done
}

cxx_example own CC=gcc CXX=g++ CXXFLAGS="-O2 -fno-stack-protector"
cxx_make own
[ "$(summary_lang_state own C++ stack-protector)" = builder ] || fail "C++ stack-protector not the builder's: $(summary_lang own C++)"
[ "$(summary_lang_state own C stack-protector)" = on ] || fail "C stack-protector not on: $(summary_lang own C)"
compiler_lines own/make.out g++ >own.cxx-lines
grep -q 'words\.cc' own.cxx-lines || fail "no g++ line for words.cc"
grep -- '-fstack-protector-strong' own.cxx-lines && fail "harden's -fstack-protector-strong on a g++ line"
grep -v -- ' -O2 -fno-stack-protector' own.cxx-lines && fail "the builder's CXXFLAGS are not on every g++ line"
once own.cxx-lines -O2 -fno-stack-protector
elf_has_canary own/words && fail "the builder's -fno-stack-protector lost: words has a canary"
elf_has_canary own/.libs/tally || fail "C's stack-protector lost: tally has no canary"

eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
cxx_example distro CC=gcc CXX=g++
cxx_make distro
for f in stack-protector fortify-source relro bind-now format-security; do
	[ "$(summary_lang_state distro C++ $f)" = builder ] || fail "C++ $f is not the builder's: $(summary_lang distro C++)"
done
compiler_lines distro/make.out g++ >distro.cxx-lines
grep -q 'words\.cc' distro.cxx-lines || fail "no g++ line for words.cc"
once distro.cxx-lines -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security
grep -q -- '-D_FORTIFY_SOURCE=3' distro.cxx-lines && fail "harden's fortify 3 reached a g++ line"
elf_has_canary distro/words && elf_has_relro distro/words && elf_has_now distro/words ||
	fail "words lost the distribution's hardening"
echo ok
