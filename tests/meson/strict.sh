#!/bin/sh
# -Dharden:hardening=strict with gcc 12: the strict features gcc has are on
# and reach the compile commands; strict-flex-arrays (gcc 13) is
# unsupported with gcc's error as the reason; wrapv=disabled gives the
# off flag.
. "$(dirname "$0")/lib.sh"
required gcc
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Dharden:hardening=strict -Dharden:wrapv=disabled
build "$T/b"
for f in auto-var-init zero-call-used-regs no-delete-null-pointer-checks no-strict-aliasing; do
	[ "$(state "$T/b" $f)" = on ] || fail "$f is $(state "$T/b" $f): $(reason "$T/b" $f)"
done
if gcc -fstrict-flex-arrays=3 -x c -c -o /dev/null /dev/null 2>/dev/null; then
	[ "$(state "$T/b" strict-flex-arrays)" = on ] || fail "strict-flex-arrays not on though gcc takes it"
else
	[ "$(state "$T/b" strict-flex-arrays)" = unsupported ] || fail "strict-flex-arrays is $(state "$T/b" strict-flex-arrays)"
	reason "$T/b" strict-flex-arrays | grep -q 'strict-flex-arrays' || fail "reason: $(reason "$T/b" strict-flex-arrays)"
fi
[ "$(state "$T/b" wrapv)" = off ] || fail "wrapv=disabled: $(state "$T/b" wrapv)"
ninja -C "$T/b" -t commands >"$T/cmds"
for flag in -ftrivial-auto-var-init=zero -fzero-call-used-regs=used-gpr -fno-delete-null-pointer-checks \
	-fno-strict-aliasing -fstrict-overflow; do
	grep 'tally\.c' "$T/cmds" | grep -q -- " $flag " || fail "$flag not in the compile of tally.c"
done
grep -- '-fno-strict-overflow' "$T/cmds" && fail "wrapv flag despite wrapv=disabled"
echo ok
