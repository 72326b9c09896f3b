# --lang=c++ probes CXX with CXXFLAGS, and the C++ standard library's own
# hardening: libstdc++'s assertions with g++ and clang++, libc++'s fast
# mode with clang++-19 -stdlib=libc++.  The flags work: an out-of-bounds
# operator[] aborts (libstdc++) or traps (libc++) in a program built with
# them, and runs on without them.  A builder's macro decides for its own
# library only.  A C run has no such feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ clang++ clang++-19
H="$S/catalog/harden-flags"
vector_oob_source oob.cc
# check CXX STATE-VALUE SIGNAL-EXIT-STATUS
check() {
	cxx=$1 want=$2 status=$3 name=$(echo "$1" | tr ' =' '__')
	CXX=$cxx CXXFLAGS=-O2 sh "$H" --lang=c++ >$name.report || fail "$cxx: harden-flags failed"
	report_expect $name.report stdlib-hardening "$want"
	flags="$(report_key $name.report cppflags) $(report_key $name.report cflags)"
	# shellcheck disable=SC2086
	$cxx -O2 $flags -o $name.prog oob.cc || fail "$cxx: cannot build with $flags"
	./$name.prog >/dev/null 2>$name.err
	rc=$?
	[ $rc -eq "$status" ] || fail "$cxx: out of bounds with $flags: exit $rc, want $status ($(cat $name.err))"
	$cxx -O2 -o $name.plain oob.cc || fail "$cxx: cannot build without flags"
	./$name.plain >/dev/null 2>&1 || fail "$cxx: the plain program stopped: the check came from elsewhere"
}
check g++ "on assertions" 134
grep -q "Assertion '__n < this->size()' failed" g++.err || fail "g++: no assertion message: $(cat g++.err)"
check clang++ "on assertions" 134
if [ -e /usr/lib/llvm-19/include/c++/v1/vector ]; then
	check "clang++-19 -stdlib=libc++" "on fast" 132
	grep -q '^traits=.* lang=c++ stdlib=libc++$' clang++-19_-stdlib_libc++.report ||
		fail "traits: $(grep ^traits= clang++-19_-stdlib_libc++.report)"
else
	fail "libc++-19-dev is not installed (.ci/run installs it)"
fi
grep -q '^traits=.* lang=c++ stdlib=libstdc++$' g++.report || fail "traits: $(grep ^traits= g++.report)"
# The builder's macro decides for its own library only: Fedora's
# -Wp,-D_GLIBCXX_ASSERTIONS with libc++ leaves libc++'s mode to harden (it
# was "set by the builder; absent"); libc++'s own macro is the builder's,
# proven by its code (it was "absent": libstdc++'s symbol was sought).
lcxx="clang++-19 -stdlib=libc++"
CXX=$lcxx CXXFLAGS="-O2 -Wp,-D_GLIBCXX_ASSERTIONS" sh "$H" --lang=c++ >fedora.report || fail "fedora: harden-flags failed"
report_expect fedora.report stdlib-hardening "on fast"
CXX=$lcxx CXXFLAGS="-O2 -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_EXTENSIVE" sh "$H" --lang=c++ >own.report ||
	fail "own: harden-flags failed"
[ "$(sed -n 's/^feature stdlib-hardening //p' own.report)" = "builder extensive set by the builder (-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_EXTENSIVE); present" ] ||
	fail "libc++'s own macro: $(grep '^feature stdlib' own.report)"
CXX=g++ CXXFLAGS="-O2 -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST" sh "$H" --lang=c++ >other.report ||
	fail "other: harden-flags failed"
report_expect other.report stdlib-hardening "on assertions"
# fortify-source is on for both, but only g++'s programs route every
# fprintf to __fprintf_chk (glibc gives clang++ no wrappers of the format
# functions): clang++'s audit_expect leaves it out, with the reason.
cat >fmt.cc <<'EOF'
#include <cstdio>
int main(int argc, char **argv) { std::fprintf(stderr, "%s %d\n", argv[0], argc); return 0; }
EOF
for cxx in g++ clang++; do
	report_expect $cxx.report fortify-source "on 3"
	# shellcheck disable=SC2046
	$cxx -O2 $(report_key $cxx.report cppflags) -o fmt-$cxx fmt.cc || fail "$cxx: cannot build fmt.cc"
	nm -D fmt-$cxx | grep -q ' U __fprintf_chk' && chk=yes || chk=no
	audit=$(report_key $cxx.report audit_expect)
	case $cxx:$chk:,$audit, in
	g++:yes:*,fortify-source,*) ;;
	clang++:no:*,fortify-source,*) fail "clang++: fortify-source in audit_expect=$audit" ;;
	clang++:no:*)
		[ "$(report_reason clang++.report fortify-source)" = "not in audit_expect (a correct program may show no proof): no __fprintf_chk in the probe" ] ||
			fail "clang++: $(report_reason clang++.report fortify-source)" ;;
	*) fail "$cxx: __fprintf_chk $chk, audit_expect=$audit" ;;
	esac
done
# The builder's fortify with clang++: on (in enabled), not expected, the
# same from the cache.
for run in 1 2; do
	CXX=clang++ CXXFLAGS="-O2 -D_FORTIFY_SOURCE=2" sh "$H" --lang=c++ --cache=b.cache >b$run.report || fail "builder: run $run"
	report_expect b$run.report fortify-source "builder 2"
	[ "$(report_reason b$run.report fortify-source)" = "set by the builder (-D_FORTIFY_SOURCE=2); present; not in audit_expect (a correct program may show no proof): no __fprintf_chk in the probe" ] ||
		fail "builder run $run: $(report_reason b$run.report fortify-source)"
	echo " $(report_key b$run.report enabled) " | grep -q ' fortify-source=2 ' || fail "builder run $run: enabled=$(report_key b$run.report enabled)"
	echo ",$(report_key b$run.report audit_expect)," | grep -q ',fortify-source,' && fail "builder run $run: audit_expect has fortify-source"
done
[ "$(report_key b2.report runs)" = 0 ] || fail "the second run probed again"
# C: the feature does not exist there, and no C++ macro reaches the flags.
CC=gcc CFLAGS=-O2 sh "$H" >c.report || fail "gcc failed"
report_expect c.report stdlib-hardening "unsupported -"
[ "$(report_reason c.report stdlib-hardening)" = "C++ only (language is C)" ] ||
	fail "reason: $(report_reason c.report stdlib-hardening)"
grep -q '_GLIBCXX\|_LIBCPP' c.report && grep '^c.*flags=.*\(_GLIBCXX\|_LIBCPP\)' c.report && fail "a C++ macro in C flags"
echo ok
