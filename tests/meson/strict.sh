#!/bin/sh
# -Dharden:hardening=strict with gcc 12: the strict features gcc has are on
# and reach the compile commands; strict-flex-arrays (gcc 13) is
# unsupported with gcc's error as the reason; wrapv=disabled gives the
# off flag.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:hardening=strict -Dharden:wrapv=disabled
meson_build "$T/b"
r=$(meson_report "$T/b")
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
ninja -C "$T/b" -t commands >"$T/cmds"
for flag in -ftrivial-auto-var-init=zero -fzero-call-used-regs=used-gpr -fno-delete-null-pointer-checks \
	-fno-strict-aliasing -fstrict-overflow; do
	grep 'tally\.c' "$T/cmds" | grep -q -- " $flag " || fail "$flag not in the compile of tally.c"
done
grep -- '-fno-strict-overflow' "$T/cmds" && fail "wrapv flag despite wrapv=disabled"
echo ok
