#!/bin/sh
# Every feature option set to disabled (gcc, release): every feature is off,
# the binaries lack what the toolchain would otherwise give them (canary,
# __*_chk, PIE, RELRO, BIND_NOW, NX stack), and the off flags reach the
# compile and link commands of both targets, even against a compiler
# command that asks for a canary and fortify itself.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
meson_parent_with_copy "$T/p"
opts=
for f in $(awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt"); do
	opts="$opts -Dharden:$(echo "$f" | tr - _)=disabled"
done
# shellcheck disable=SC2086
CC="gcc -fstack-protector-strong -D_FORTIFY_SOURCE=2" meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:hardening=strict $opts
r=$(meson_report "$T/b")
awk '$1 == "feature" && $3 != "off"' "$r" | grep . && fail "features not off"
grep -qx 'enabled=' "$r" || fail "$(grep ^enabled= "$r")"
meson_build "$T/b"
for f in "$T/b/tally" "$T/b/libtally.so"; do
	elf_has_canary "$f" && fail "$f has a canary"
	elf_has_chk "$f" && fail "$f has __*_chk calls"
	elf_has_relro "$f" && fail "$f has GNU_RELRO"
	elf_has_now "$f" && fail "$f has BIND_NOW"
	elf_exec_stack "$f" || fail "$f has no executable stack (noexecstack=disabled)"
done
[ "$(elf_type "$T/b/tally")" = EXEC ] || fail "tally is not EXEC"
ninja -C "$T/b" -t commands >"$T/cmds"
for flag in -fno-stack-protector -U_FORTIFY_SOURCE -fno-stack-clash-protection -fcf-protection=none \
	-Wno-format-security -ftrivial-auto-var-init=uninitialized -fzero-call-used-regs=skip \
	-fstrict-overflow -fdelete-null-pointer-checks -fstrict-aliasing; do
	grep ' -c .*tally\.c' "$T/cmds" | grep -q -- " $flag " || fail "$flag not in the compile of tally.c"
done
for flag in -Wl,-z,norelro -Wl,-z,lazy -Wl,-z,execstack; do
	grep -- ' -o libtally\.so' "$T/cmds" | grep -q -- " $flag" || fail "$flag not in the link of libtally.so"
done
grep -- ' -o tally ' "$T/cmds" | grep -q -- ' -no-pie' || fail "-no-pie not in the link of tally"
grep -- ' -o libtally\.so' "$T/cmds" | grep -q -- '-no-pie\|-fno-PIE' && fail "PIE off flags reached the library"
echo ok
