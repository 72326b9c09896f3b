# stdlib-hardening is proven in every C++ standard the builder may ask for
# (the probe needs none newer than the builder's: libstdc++ checks the
# const operator[] of std::array only from C++14, and C++98 has no
# std::array), and what is proven works there: an out-of-bounds
# operator[] of a vector aborts (libstdc++) or traps (libc++).
. "$HARDEN_SRCDIR/tests/lib.sh"
need g++ clang++ clang++-19
[ -e /usr/lib/llvm-19/include/c++/v1/vector ] || fail "libc++-19-dev is not installed (.ci/run installs it)"
vector_oob_source oob.cc
# check CXX STATE-VALUE SIGNAL-EXIT-STATUS STD...: each standard.  The
# probe's paths: C++98 (a vector), C++11 (std::array, whose const
# operator[] libstdc++ checks only from C++14), and a later one.
check() {
	cxx=$1 want=$2 want_rc=$3
	shift 3
	for std in "$@"; do
		name=$(echo "$cxx $std" | tr ' =+' '__x')
		CXX=$cxx CXXFLAGS="-O2 -std=$std" sh "$S/catalog/harden-flags" --lang=c++ --level=none \
			--enable-stdlib-hardening >$name.report 2>$name.log || fail "$cxx -std=$std: $(cat $name.log)"
		report_expect $name.report stdlib-hardening "$want"
		flags="$(report_key $name.report cppflags) $(report_key $name.report cflags)"
		# shellcheck disable=SC2086
		$cxx -O2 -std=$std $flags -o $name.prog oob.cc || fail "$cxx -std=$std: cannot build with $flags"
		./$name.prog >/dev/null 2>&1
		rc=$?
		[ $rc -eq "$want_rc" ] || fail "$cxx -std=$std: out of bounds with $flags: exit $rc, want $want_rc"
	done
}
check g++ "on assertions" 134 c++98 c++11 c++20
check clang++ "on assertions" 134 c++98 c++11
check "clang++-19 -stdlib=libc++" "on fast" 132 c++98 c++11 c++17
echo ok
