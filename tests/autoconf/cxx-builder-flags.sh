# The builder's C++ flags win on C++ lines, and nothing reaches a C++ line
# twice: CXXFLAGS=-fno-stack-protector leaves stack-protector to the
# builder for C++ only (words has no canary, tally keeps one).  (Debian's
# flags, which set CXXFLAGS too, on the example's Automake and Libtool
# lines: tests/autoconf/distro-flags.sh.)  What configure decides, on
# tests/autoconf/small, with words and tally each built in one line in the
# order of the example's Makefile.am (tests/autoconf/example-gcc.sh reads
# Automake's own lines of the example: each flag once).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++

# once FILE FLAG...: no line of FILE has one of the FLAGs twice.
once() {
	_f=$1
	shift
	for _w in "$@"; do
		awk -v f="$_w" '{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; exit 1 } }' "$_f" ||
			fail "$_w twice on a line of $_f"
	done
}

autotools_small own --enable-cxx CC=gcc CXX=g++ CXXFLAGS="-O2 -fno-stack-protector" ||
	fail "configure failed: $(tail -n 3 own/configure.out)"
small_words own
autotools_small_tally own
[ "$(summary_lang_state own C++ stack-protector)" = builder ] || fail "C++ stack-protector not the builder's: $(summary_lang own C++)"
[ "$(summary_lang_state own C stack-protector)" = on ] || fail "C stack-protector not on: $(summary_lang own C)"
compiler_lines own/words.out g++ >own.cxx-lines
grep -q 'words\.cc' own.cxx-lines || fail "no g++ line for words.cc"
grep -- '-fstack-protector-strong' own.cxx-lines && fail "harden's -fstack-protector-strong on a g++ line"
grep -v -- ' -O2 -fno-stack-protector' own.cxx-lines && fail "the builder's CXXFLAGS are not on every g++ line"
once own.cxx-lines -O2 -fno-stack-protector
elf_has_canary own/words && fail "the builder's -fno-stack-protector lost: words has a canary"
elf_has_canary own/tally || fail "C's stack-protector lost: tally has no canary"
echo ok
