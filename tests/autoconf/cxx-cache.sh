# configure -C caches the C++ results as harden_cv_cxx_*: a second run
# gives the same flags and runs no compiler for either language; a C++
# cache entry of another toolchain is dropped and probed again, the C one
# kept; harden_cv_cxx_FEATURE=no preseeds C++ alone.  Nothing is built:
# the example's configure.ac without Automake and Libtool (tests/autoconf/small).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++
args="--enable-cxx CC=gcc CXX=g++"
autotools_small ex -C $args || fail "configure failed: $(tail -n 3 ex/configure.out)"
grep -q '^harden_cv_cxx_stdlib_hardening=.*assertions' ex/config.cache || fail "stdlib-hardening not cached: $(grep harden_cv_cxx ex/config.cache)"
grep -q '^harden_cv_cxx_traits=.*lang=c++' ex/config.cache || fail "C++ traits not cached"
grep '^HARDEN_' ex/Makefile >first
(cd ex && rm config.log && ./configure -C $args >second.out 2>&1) || fail "second configure failed"
grep -q 'checking for stack-protector (C++)\.\.\. (cached) strong' ex/second.out || fail "C++ results not from the cache"
for l in '' ' (C++)'; do
	grep -q "^configure: harden-flags$l: 0 compiler runs\$" ex/config.log || fail "C$l: $(grep 'compiler runs' ex/config.log)"
done
grep -q 'conftest\.harden-[a-z]*/probe' ex/config.log && fail "the second run probed"
grep '^HARDEN_' ex/Makefile >second
cmp -s first second || fail "flags differ between the runs: $(diff first second)"

sed 's/^harden_cv_cxx_toolchain=.*/harden_cv_cxx_toolchain=${harden_cv_cxx_toolchain=1}/' ex/config.cache >c && mv c ex/config.cache
(cd ex && rm config.log && ./configure -C $args >stale.out 2>&1) || fail "configure with a stale C++ cache failed"
grep -q 'cached hardening results (C++) belong to another toolchain' ex/stale.out || fail "no warning about the stale C++ cache"
grep -q 'cached hardening results belong' ex/stale.out && fail "the C cache was dropped too"
grep -q '^configure: harden-flags: 0 compiler runs$' ex/config.log || fail "C probed again"
grep -q 'checking for stack-protector (C++)\.\.\. strong' ex/stale.out || fail "C++ not probed again"

(cd ex && ./configure $args harden_cv_cxx_stack_protector=no >configure.out 2>&1) || fail "configure with a C++ preseed failed"
[ "$(summary_lang_state ex C++ stack-protector)" = unsupported ] || fail "C++ preseed not honoured"
[ "$(summary_lang_state ex C stack-protector)" = on ] || fail "the C++ preseed reached C"
echo ok
