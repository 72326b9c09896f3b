# stdlib-hardening is proven in every C++ standard the builder may ask for
# (the probe needs none newer than the builder's: libstdc++ checks the
# const operator[] of std::array only from C++14, and C++98 has no
# std::array), and what is proven works there: an out-of-bounds
# operator[] of a vector aborts (libstdc++) or traps (libc++).
. "$HARDEN_SRCDIR/tests/lib.sh"
need g++ clang++ clang++-19
[ -e /usr/lib/llvm-19/include/c++/v1/vector ] || fail "libc++-19-dev is not installed (.ci/run installs it)"
cat >oob.cc <<'EOF2'
#include <cstdio>
#include <vector>
int main(int argc, char **argv)
{
	std::vector<int> v(4);
	(void)argv;
	std::printf("%d\n", v[static_cast<std::size_t>(argc) + 100]);
	return 0;
}
EOF2
# check CXX STATE-VALUE SIGNAL-EXIT-STATUS: each standard.
check() {
	for std in c++98 c++11 c++14 c++17 c++20; do
		name=$(echo "$1 $std" | tr ' =+' '__x')
		CXX=$1 CXXFLAGS="-O2 -std=$std" sh "$S/catalog/harden-flags" --lang=c++ --level=none \
			--enable-stdlib-hardening >$name.report 2>$name.log || fail "$1 -std=$std: $(cat $name.log)"
		report_expect $name.report stdlib-hardening "$2"
		flags="$(report_key $name.report cppflags) $(report_key $name.report cflags)"
		# shellcheck disable=SC2086
		$1 -O2 -std=$std $flags -o $name.prog oob.cc || fail "$1 -std=$std: cannot build with $flags"
		./$name.prog >/dev/null 2>&1
		rc=$?
		[ $rc -eq "$3" ] || fail "$1 -std=$std: out of bounds with $flags: exit $rc, want $3"
	done
}
check g++ "on assertions" 134
check clang++ "on assertions" 134
check "clang++-19 -stdlib=libc++" "on fast" 132
echo ok
