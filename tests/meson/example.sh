#!/bin/sh
# examples/meson builds from the repository (sources shared with
# examples/autotools, harden through subprojects/harden.wrap), with
# -Dcxx=true (gcc and g++) and -Dharden:nodlopen=enabled, one setup and one
# build:
#  * "meson test" passes all six tests: tally, words and tallyxx count
#    input.txt, and the audit test of each program against the audit_expect
#    of its dependency (harden-c for tally and libtally, harden-cpp for
#    words, harden for tallyxx): harden-audit, built by the subproject, run
#    with --expect=<audit_expect> on the files; the programs and the
#    library are hardened.
#  * The subproject builds harden-audit with its own probe's flags (dogfood).
#  * nodlopen: dependency('harden-c-lib') gives the shared library
#    -Wl,-z,nodlopen (DF_1_NOOPEN), the program (harden-c-exe) never gets
#    it, and the audit test (audit_expect has nodlopen) passes.  (Not
#    requested, it is off and harden-c-lib adds nothing: wrap-modes.sh, on
#    a copy of the example with its default options.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
[ -f "$S/examples/meson/subprojects/harden/meson.build" ] ||
	fail "examples/meson/subprojects/harden does not lead to the subproject"
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
b=$T/b
CC=gcc CXX=g++ meson_setup "$S/examples/meson" "$b" --buildtype=release -Dcxx=true -Dharden:nodlopen=enabled
for d in harden-c harden-c-exe harden-c-lib; do
	grep -q "Dependency $d found: YES.*(overridden)" "$b.log" || fail "dependency('$d') did not resolve to the subproject"
done
r=$(meson_report "$b")
report_expect "$r" nodlopen "on yes"
expect=$(report_key "$r" audit_expect)
[ "$expect" = "$(audit_expect_want "$r")" ] && [ -n "$expect" ] ||
	fail "audit_expect=$expect in the report, want $(audit_expect_want "$r")"
case ,$expect, in *,nodlopen,*) ;; *) fail "audit_expect: $expect, without nodlopen" ;; esac
meson_build "$b"
assert_hardened_pair "$b/tally" "$b/libtally.so"
for f in words tallyxx; do
	assert_hardened_program "$b/$f"
done
noopen "$b/libtally.so" || fail "the library lacks DF_1_NOOPEN"
noopen "$b/tally" && fail "the program has DF_1_NOOPEN"
ninja -C "$b" -t commands >"$T/commands" || fail "ninja -t commands"
grep -- '-o libtally\.so' "$T/commands" | grep -q -- '-Wl,-z,nodlopen' || fail "the library's link lacks it"
grep -- '-o tally ' "$T/commands" | grep -q -- '-z,nodlopen' && fail "the program's link has it"

meson test -C "$b" >"$T/test.log" 2>&1 || { tail -n 30 "$T/test.log"; fail "meson test failed"; }
grep -q '^Ok: *6 *$' "$T/test.log" || { cat "$T/test.log"; fail "not the six tests"; }
meson_test_log "$b" hardening >"$T/audit.log"
grep -q '^result: *exit status 0$' "$T/audit.log" || { cat "$T/audit.log"; fail "the audit test did not pass"; }
grep -q "^command: .*/subprojects/harden/meson/harden-audit --expect=$expect $b/tally $b/libtally\.so\.1\.0\.0$" "$T/audit.log" ||
	{ cat "$T/audit.log"; fail "the audit test is not the subproject's harden-audit --expect=$expect on tally and libtally"; }
grep -q "^pie  *yes .* $b/tally$" "$T/audit.log" || { cat "$T/audit.log"; fail "no audit table row for tally"; }
cxx=$(report_key "$(meson_report "$b" -cxx)" audit_expect)
meson_test_log "$b" 'hardening words' >"$T/words.log"
grep -q "^command: .*/harden-audit --expect=$cxx $b/words$" "$T/words.log" ||
	{ cat "$T/words.log"; fail "the audit of words is not --expect=$cxx (the C++ report's)"; }
# The subproject builds harden-audit with its own probe's flags (dogfood).
a=$b/subprojects/harden/meson/harden-audit
assert_hardened_program "$a"
"$a" --expect "$expect" "$a" >/dev/null || fail "the subproject's harden-audit lacks its own $expect"
echo ok
