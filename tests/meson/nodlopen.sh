#!/bin/sh
# -Dharden:nodlopen=enabled: dependency('harden-c-lib') gives the example's
# shared library -Wl,-z,nodlopen (DF_1_NOOPEN), the program (harden-c-exe)
# never gets it, lib_ldflags is a variable of harden-c-lib only, and the
# audit test (audit_expect has nodlopen) passes.  Not requested: off, and
# harden-c-lib adds nothing.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
CC=gcc meson_setup "$S/examples/meson" "$T/on" --buildtype=release -Dharden:nodlopen=enabled
grep -q "Dependency harden-c-lib found: YES.*(overridden)" "$T/on.log" || fail "dependency('harden-c-lib') did not resolve to the subproject"
meson_build "$T/on"
noopen "$T/on/libtally.so" || fail "the library lacks DF_1_NOOPEN"
noopen "$T/on/tally" && fail "the program has DF_1_NOOPEN"
r=$(meson_report "$T/on")
report_expect "$r" nodlopen "on yes"
case ,$(report_key "$r" audit_expect), in *,nodlopen,*) ;; *) fail "audit_expect: $(report_key "$r" audit_expect)" ;; esac
meson test -C "$T/on" >"$T/test.log" 2>&1 || { tail -n 20 "$T/test.log"; fail "meson test failed"; }
meson_test_log "$T/on" hardening >"$T/audit.log"
grep -q '^result: *exit status 0$' "$T/audit.log" || { cat "$T/audit.log"; fail "the audit test did not pass"; }
grep -q -- "--expect=[^ ]*nodlopen" "$T/audit.log" || { cat "$T/audit.log"; fail "the audit test does not expect nodlopen"; }
# The link lines: the library's has the flag, the program's does not.
ninja -C "$T/on" -t commands >"$T/commands" || fail "ninja -t commands"
grep -- '-o libtally\.so' "$T/commands" | grep -q -- '-Wl,-z,nodlopen' || fail "the library's link lacks it"
grep -- '-o tally ' "$T/commands" | grep -q -- '-z,nodlopen' && fail "the program's link has it"

CC=gcc meson_setup "$S/examples/meson" "$T/off" --buildtype=release
meson_build "$T/off"
report_expect "$(meson_report "$T/off")" nodlopen "off -"
noopen "$T/off/libtally.so" && fail "off: the library has DF_1_NOOPEN"
ninja -C "$T/off" -t commands | grep -q -- -z,nodlopen && fail "off: a command has it"
echo ok
