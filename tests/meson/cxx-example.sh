#!/bin/sh
# examples/meson with -Dcxx=true (gcc and g++): words and tallyxx are built
# too, and "meson test" passes all six tests: tally, words and tallyxx
# count input.txt, and the audit test of each program against the
# audit_expect of its dependency (harden-cpp for words, harden for tallyxx).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
CC=gcc CXX=g++ meson_setup "$S/examples/meson" "$T/b" --buildtype=release -Dcxx=true
meson test -C "$T/b" >"$T/test.log" 2>&1 || { tail -n 30 "$T/test.log"; fail "meson test failed"; }
grep -q '^Ok: *6 *$' "$T/test.log" || { cat "$T/test.log"; fail "not the six tests"; }
cxx=$(report_key "$(meson_report "$T/b" -cxx)" audit_expect)
meson_test_log "$T/b" 'hardening words' >"$T/words.log"
grep -q "^command: .*/harden-audit --expect=$cxx $T/b/words$" "$T/words.log" ||
	{ cat "$T/words.log"; fail "the audit of words is not --expect=$cxx (the C++ report's)"; }
for f in words tallyxx; do
	assert_hardened_program "$T/b/$f"
done
echo ok
