# C++ optional (the example's CXX-CONDITION, --enable-cxx): without it no
# C++ compiler is probed, so a missing one (AC_PROG_CXX falls back to g++)
# breaks nothing; with it, a C++ compiler that cannot run stops configure
# (fail closed: never "no hardening") naming harden and the CXX-CONDITION
# (a C project's C++ header check brings AC_PROG_CXX too).  What configure decides, on
# tests/autoconf/small; tests/autoconf/options.sh builds the example (C
# only) with CXX=/no/such/c++.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc
autotools_small off CC=gcc CXX=/no/such/c++ || fail "configure without C++ failed: $(tail -n 3 off/configure.out)"
grep -q '^configure: no hardening probes for C++: this build has no C++$' off/configure.out ||
	fail "no notice: $(grep -i 'c++' off/configure.out)"
[ -z "$(summary_lang off C++)" ] && [ ! -f off/harden-report-cxx.txt ] || fail "C++ probed without --enable-cxx"
[ -z "$(subst off HARDEN_CXXFLAGS)" ] || fail "HARDEN_CXXFLAGS without C++: $(subst off HARDEN_CXXFLAGS)"
[ "$(summary_state off stack-protector)" = on ] || fail "C not hardened"

autotools_small on --enable-cxx CC=gcc CXX=/no/such/c++ && fail "configure passed with a C++ compiler that cannot run"
grep -q '^configure: error: harden (C++): cannot run: .*/no/such/c++.*CXX-CONDITION of HARDEN_CHECK, e.g. HARDEN_CHECK(\[standard\], \[test "x$enable_cxx" = xyes\])$' on/configure.out ||
	fail "the message does not name harden and the way out: $(tail -n 1 on/configure.out)"
echo ok
