# Helpers of the Autoconf tests of C++ (sourced after tests/lib.sh; not a
# test itself).

# cxx_example DIR [CONFIGURE-ARGS...]: the example with its C++ programs
# (--enable-cxx), configured; fails the test when configure fails.
cxx_example() {
	_d=$1
	shift
	autotools_example "$_d" --enable-cxx "$@" || fail "$_d: configure failed: $(tail -n 3 "$_d/configure.out")"
}

# cxx_make DIR [TARGET...]: make V=1 in DIR (output in DIR/make.out), which
# must succeed.
cxx_make() {
	_d=$1
	shift
	(cd "$_d" && make -j2 V=1 "$@" >make.out 2>&1) || fail "$_d: make $* failed: $(tail -n 15 "$_d/make.out")"
}

# summary_lang DIR LANG: the summary lines of LANG (C or C++) in configure's
# output, from the block "hardening level L with COMPILER[ (C++)]:".
summary_lang() {
	awk -v l="$2" '/hardening level .* with .*:$/ { on = (/ \(C\+\+\):$/ ? "C++" : "C") == l; next }
		on && /^  / { print; next } { on = 0 }' "$1/configure.out"
}

# summary_lang_state DIR LANG FEATURE: on, off, unsupported or builder.
summary_lang_state() { summary_lang "$1" "$2" | awk -v f="$3" '$1 == f { print $2 }'; }

# flag_words REPORT: every flag of the report's five lists, one a line.
flag_words() {
	for _k in cppflags cflags exe_cflags ldflags exe_ldflags; do
		report_key "$1" $_k
	done | tr ' ' '\n' | sed '/^$/d' | sort -u
}

# compiler_lines LOG COMPILER: the command lines of make V=1 output run by
# COMPILER: plain ("COMPILER ..."), libtool's own ("... --mode=link
# COMPILER ...") and what libtool runs ("libtool: link: COMPILER ...");
# configure's messages, if make runs it again, are not command lines.
compiler_lines() {
	awk -v c="$2" '$1 == c || ($1 == "libtool:" && $3 == c) { print; next }
		{ for (i = 1; i < NF; i++) if ($i ~ /^--mode=(compile|link)$/) { if ($(i + 1) == c) print; next } }' "$1"
}

# small_project DIR: DIR with m4/harden.m4, the example's sources and a
# Makefile.in that builds words from $(CXX) $(CPPFLAGS) $(CXXFLAGS) $(LDFLAGS)
# (the variables HARDEN_APPLY_GLOBAL sets).  configure.ac is the caller's.
small_project() {
	need autoconf
	mkdir -p "$1/m4" && cp "$S/m4/harden.m4" "$1/m4/" && cp "$S"/examples/autotools/src/* "$1/" || exit 99
	cat >"$1/Makefile.in" <<'MK'
CXX = @CXX@
CPPFLAGS = @CPPFLAGS@
CXXFLAGS = @CXXFLAGS@
LDFLAGS = @LDFLAGS@
words: words.cc
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) $(LDFLAGS) -o words words.cc
MK
}

# example_gcc_built: EX, the example with its C++ programs configured with
# CC=gcc CXX=g++ and the run's harden-audit (tools_build), then built and
# checked (make -j2 V=1 check, its output in EX/make.out): once per run
# (run_once) for the tests that read that build (example-gcc, audit-gate,
# distcheck).  A test that changes the tree works on a copy (cp -pR: the
# copy's Makefile and libtool wrappers still name EX's identical files).
# EX.site is a copy of the site cache of EX's configure (an empty file
# when there was none).
example_gcc_built() {
	tools_build harden-audit
	_eg_key=$( { cat "$S/m4/harden.m4"; find "$S/examples/autotools" -type f -exec cat {} +; echo "$TOOLS"; } |
		cksum | sed 's/ .*//')
	run_once "example-gcc-$_eg_key" _example_gcc_make
	EX=$ONCE
}
_example_gcc_make() {
	# bash, as configure picks it when nobody says otherwise (tests/run
	# gives the other tests dash); run_once runs this in a subshell.
	CONFIG_SHELL=/bin/bash
	export CONFIG_SHELL
	autotools_example "$1" CC=gcc CXX=g++ --enable-cxx HARDEN_AUDIT="$TOOLS/harden-audit" ||
		fail "$1: configure failed: $(tail -n 3 "$1/configure.out")"
	if [ -n "$site" ] && [ -f "$site" ]; then cp "$site" "$1.site"; else : >"$1.site"; fi || exit 99
	(cd "$1" && make -j2 V=1 check >make.out 2>&1) || fail "$1: make check failed: $(tail -n 15 "$1/make.out")"
}

# small_words DIR [TARGET...]: DIR/words (or the TARGETs: tally, words,
# tallyxx), the example's programs built with the flags configure
# substituted in DIR (autotools_small --enable-cxx), without Automake and
# Libtool; make's output in DIR/words.out.
small_words() {
	_sw=$1
	shift
	(cd "$_sw" && make ${*:-words} SRC="$S/examples/autotools/src" >words.out 2>&1) ||
		fail "$_sw: make ${*:-words} failed: $(tail -n 5 "$_sw/words.out")"
}
