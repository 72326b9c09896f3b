#!/bin/sh
# The subproject's options, table-driven (gcc, release): one setup and one
# build with several independent options, each with its own assertions.
#  * hardening=strict: the strict features gcc has are on and reach the
#    compile commands; strict-flex-arrays (gcc 13) is on, or unsupported
#    with gcc's error as the reason; wrapv=disabled gives the off flag.
#  * A value name asks for exactly that value: fortify_source=2 and
#    stack_protector=basic give those flags and values, and the library
#    shows them (__snprintf_chk, __stack_chk_fail).
#  * needs=: bind-now needs relro; relro=disabled leaves bind-now
#    unsupported ("needs relro") without its flag.
#  * pie=disabled gives a non-PIE program with Debian's PIE-default gcc
#    (harden-exe carries -fno-PIE/-no-pie); the library is still ET_DYN.
#  * Off, unsupported and strict features without an audit row are not in
#    audit_expect (report, variables, catalog), and the audit test passes.
# Then every feature disabled, even against a compiler command that asks
# for a canary and fortify itself (and b_asneeded=false: Meson's own
# -Wl,--as-needed stops as_needed=disabled with an error naming it): every
# feature is off, the binaries lack
# what the toolchain would otherwise give them, the off flags reach the
# compile and link commands.  The control, hardening=none with the same
# compiler command: nothing from harden (every list empty, on both
# dependencies, read with default_value: '' as meson/README.md says, since
# Meson 1.0 refuses empty variable values; no audit_expect variable, the
# audit test expects nothing and passes), while the program is PIE
# (gcc's default), has canaries and fortified calls (the command's).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
p=$T/p
meson_parent_with_copy "$p"
meson_add_audit_test "$p"
meson_add_variable_messages "$p"

# The table.
b=$T/b
CC=gcc meson_setup "$p" "$b" --buildtype=release -Dharden:hardening=strict -Dharden:wrapv=disabled \
	-Dharden:fortify_source=2 -Dharden:stack_protector=basic -Dharden:relro=disabled -Dharden:pie=disabled
r=$(meson_report "$b")
# strict
for f in auto-var-init zero-call-used-regs no-delete-null-pointer-checks no-strict-aliasing; do
	[ "$(report_state "$r" $f)" = on ] || fail "$f is $(report_state "$r" $f): $(report_reason "$r" $f)"
done
if gcc -fstrict-flex-arrays=3 -x c -c -o "$T/empty.o" - </dev/null 2>/dev/null; then
	[ "$(report_state "$r" strict-flex-arrays)" = on ] || fail "strict-flex-arrays not on though gcc takes it"
else
	report_expect "$r" strict-flex-arrays "unsupported -"
	report_reason "$r" strict-flex-arrays | grep -q 'strict-flex-arrays' || fail "reason: $(report_reason "$r" strict-flex-arrays)"
fi
report_expect "$r" wrapv "off -"
# values
[ "$(report_key "$r" cppflags)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "cppflags=$(report_key "$r" cppflags)"
report_key "$r" enabled | grep -q '^stack-protector=basic fortify-source=2 ' || fail "enabled=$(report_key "$r" enabled)"
report_key "$r" cflags | grep -q -- '^-fstack-protector --param=ssp-buffer-size=4 ' || fail "cflags=$(report_key "$r" cflags)"
# needs
report_expect "$r" relro "off -"
report_expect "$r" bind-now "unsupported -"
[ "$(report_reason "$r" bind-now)" = "needs relro" ] || fail "bind-now reason: $(report_reason "$r" bind-now)"
report_key "$r" ldflags | grep -q -- '-z,now' && fail "-z,now in ldflags though bind-now is unsupported"
report_key "$r" ldflags | grep -q -- '-Wl,-z,norelro' || fail "no -Wl,-z,norelro for relro=disabled"
# pie
report_expect "$r" pie "off -"
[ "$(report_key "$r" exe_ldflags)" = -no-pie ] || fail "exe_ldflags is not -no-pie: $(report_key "$r" exe_ldflags)"
# audit_expect (builds, and runs the audit test)
if [ "$(uname -m)" = x86_64 ]; then
	meson_audit_expect_check "$b" stack-protector,fortify-source,noexecstack
else
	meson_audit_expect_check "$b" "$(audit_expect_want "$r")"
fi
[ "$(report_state "$r" auto-var-init)" = on ] || fail "auto-var-init is $(report_state "$r" auto-var-init) at the strict level"
# the binaries and the commands
ninja -C "$b" -t commands >"$T/cmds"
for flag in -ftrivial-auto-var-init=zero -fzero-call-used-regs=used-gpr -fno-delete-null-pointer-checks \
	-fno-strict-aliasing -fstrict-overflow; do
	grep 'tally\.c' "$T/cmds" | grep -q -- " $flag " || fail "$flag not in the compile of tally.c"
done
grep -- '-fno-strict-overflow' "$T/cmds" && fail "wrapv flag despite wrapv=disabled"
elf_has_sym "$b/libtally.so" __snprintf_chk || fail "libtally.so has no __snprintf_chk"
elf_has_canary "$b/libtally.so" || fail "libtally.so has no canary"
elf_has_relro "$b/tally" && fail "tally has GNU_RELRO with relro=disabled"
[ "$(elf_type "$b/tally")" = EXEC ] || fail "tally is $(elf_type "$b/tally"), not EXEC"
elf_is_pie "$b/tally" && fail "tally is PIE"
[ "$(elf_type "$b/libtally.so")" = DYN ] || fail "libtally.so is not ET_DYN"

# Every feature disabled.
cc="gcc -fstack-protector-strong -D_FORTIFY_SOURCE=2"
opts=
for f in $(awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt"); do
	opts="$opts -Dharden:$(echo "$f" | tr - _)=disabled"
done
# Meson's own -Wl,--as-needed (b_asneeded, on by default) contradicts
# as_needed=disabled: setup stops naming both; -Db_asneeded=false is the way.
# shellcheck disable=SC2086
CC=$cc meson setup "$T/off" "$p" --buildtype=release -Dharden:hardening=strict $opts >"$T/off.asneeded" 2>&1 &&
	fail "as_needed=disabled passed beside Meson's b_asneeded"
grep -q "harden: cannot disable as-needed: .*(b_asneeded's flags have -Wl,--as-needed)" "$T/off.asneeded" ||
	fail "the error does not name b_asneeded: $(grep -i error "$T/off.asneeded")"
rm -rf "$T/off"
# shellcheck disable=SC2086
CC=$cc meson_setup "$p" "$T/off" --buildtype=release -Db_asneeded=false -Dharden:hardening=strict $opts
r=$(meson_report "$T/off")
awk '$1 == "feature" && $3 != "off"' "$r" | grep . && fail "features not off"
grep -qx 'enabled=' "$r" || fail "$(grep ^enabled= "$r")"
report_key "$r" cflags | grep -q -- '-fno-stack-protector' || fail "no -fno-stack-protector in cflags"
meson_build "$T/off"
for f in "$T/off/tally" "$T/off/libtally.so"; do
	elf_has_canary "$f" && fail "$f has a canary"
	elf_has_chk "$f" && fail "$f has __*_chk calls"
	elf_has_relro "$f" && fail "$f has GNU_RELRO"
	elf_has_now "$f" && fail "$f has BIND_NOW"
	elf_exec_stack "$f" || fail "$f has no executable stack (noexecstack=disabled)"
done
[ "$(elf_type "$T/off/tally")" = EXEC ] || fail "tally is not EXEC"
ninja -C "$T/off" -t commands >"$T/off-cmds"
for flag in -fno-stack-protector -U_FORTIFY_SOURCE -fno-stack-clash-protection -fcf-protection=none \
	-Wno-format-security -ftrivial-auto-var-init=uninitialized -fzero-call-used-regs=skip \
	-fstrict-overflow -fdelete-null-pointer-checks -fstrict-aliasing; do
	grep ' -c .*tally\.c' "$T/off-cmds" | grep -q -- " $flag " || fail "$flag not in the compile of tally.c"
done
for flag in -Wl,-z,norelro -Wl,-z,lazy -Wl,-z,execstack; do
	grep -- ' -o libtally\.so' "$T/off-cmds" | grep -q -- " $flag" || fail "$flag not in the link of libtally.so"
done
grep -- ' -o tally ' "$T/off-cmds" | grep -q -- ' -no-pie' || fail "-no-pie not in the link of tally"
grep -- ' -o libtally\.so' "$T/off-cmds" | grep -q -- '-no-pie\|-fno-PIE' && fail "PIE off flags reached the library"

# The control: hardening=none.
CC=$cc meson_setup "$p" "$T/ctl" --buildtype=release -Dharden:hardening=none
r=$(meson_report "$T/ctl")
for k in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	[ -z "$(report_key "$r" $k)" ] || fail "$k=$(report_key "$r" $k) at hardening=none"
	[ "$(grep -c "^Message: variable $k=\[\]$" "$T/ctl.log")" = 2 ] ||
		fail "$k: $(grep "variable $k=" "$T/ctl.log"), want [] on both dependencies"
done
[ "$(grep -c '^Message: variable level=\[none\]$' "$T/ctl.log")" = 2 ] || fail "level: $(grep 'variable level=' "$T/ctl.log")"
meson_audit_expect_check "$T/ctl" ABSENT
elf_is_pie "$T/ctl/tally" || fail "control: gcc does not make PIE by default, the test shows nothing"
elf_has_canary "$T/ctl/tally" || fail "control: no canary from '$cc'"
elf_has_chk "$T/ctl/tally" || fail "control: no __*_chk call from '$cc'"
echo ok
