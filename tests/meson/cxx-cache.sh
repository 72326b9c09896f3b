#!/bin/sh
# Each language has its cache (harden-cache.txt, harden-cache-cxx.txt): a
# reconfigure of a mixed project runs no compiler for either language, and
# a changed cpp_args probes C++ again, not C.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
meson_parent_cxx_with_copy "$T/p"
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b" --buildtype=release
c=$(meson_report "$T/b") cxx=$(meson_report "$T/b" -cxx)
[ "$(report_key "$c" runs)" -gt 0 ] && [ "$(report_key "$cxx" runs)" -gt 0 ] || fail "the first configure ran no compiler"
run "$T/re.log" meson setup --reconfigure "$T/b" "$T/p"
[ "$(report_key "$c" runs) $(report_key "$cxx" runs)" = "0 0" ] ||
	fail "the reconfigure ran compilers: C $(report_key "$c" runs), C++ $(report_key "$cxx" runs)"
[ "$(grep -c 'probe runs *: 0 compiler runs$' "$T/re.log")" = 2 ] || fail "the summaries do not both show 0 compiler runs"
run "$T/conf.log" meson configure "$T/b" -Dcpp_args=-O0
run "$T/re2.log" meson setup --reconfigure "$T/b" "$T/p"
[ "$(report_key "$c" runs)" = 0 ] || fail "changing cpp_args probed C again"
[ "$(report_key "$cxx" runs)" -gt 0 ] || fail "changing cpp_args did not probe C++ again"
report_expect "$cxx" fortify-source "unsupported -"
echo ok
