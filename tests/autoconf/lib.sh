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
