#!/bin/sh
# The probe results are cached in the build directory
# (harden-cache.txt): a reconfigure with unchanged inputs runs no compiler
# (runs=0) and gives the same flags and states; a changed c_args probes
# again.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
r=$(meson_report "$T/b")
[ "$(report_key "$r" runs)" -gt 0 ] || fail "the first configure ran no compiler"
grep -v '^runs=' "$r" >"$T/first"
[ -f "$T/b/subprojects/harden/harden-cache.txt" ] || fail "no harden-cache.txt"
run "$T/re.log" meson setup --reconfigure "$T/b" "$T/p"
[ "$(report_key "$r" runs)" = 0 ] || fail "the reconfigure ran the compiler $(report_key "$r" runs) times"
grep -q "probe runs *: 0 compiler runs$" "$T/re.log" || fail "the summary does not show 0 compiler runs"
grep -v '^runs=' "$r" | diff "$T/first" - || fail "the cached report differs"
# (meson configure: Meson 1.0's setup --reconfigure ignores -Dc_args.)
run "$T/conf.log" meson configure "$T/b" -Dc_args=-O0
run "$T/re2.log" meson setup --reconfigure "$T/b" "$T/p"
[ "$(report_key "$r" runs)" -gt 0 ] || fail "changing c_args did not probe again"
report_expect "$r" fortify-source "unsupported -"
echo ok
