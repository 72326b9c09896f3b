#!/bin/sh
# Without --keep the work directory (made in TMPDIR) is removed when every
# variant succeeded; with --keep every variant's build directory stays,
# with the built program in it.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"
mkdir "$T/tmp"
TMPDIR=$T/tmp cost_make "$T/p" --features pie --rounds 1 --instructions none --quiet \
	--run '"$HARDEN_COST_BUILDDIR/hello"' >out 2>&1 || fail "harden-cost failed: $(cat out)"
[ -z "$(ls "$T/tmp")" ] || fail "left behind: $(ls -R "$T/tmp" | head)"
TMPDIR=$T/tmp cost_make "$T/p" --features pie --rounds 1 --instructions none --keep \
	--run '"$HARDEN_COST_BUILDDIR/hello"' >out 2>err || fail "harden-cost --keep failed: $(cat out err)"
work=$(ls -d "$T"/tmp/harden-cost.*) || fail "no work directory with --keep"
for v in standard none standard-no-pie; do
	[ -x "$work/$v/hello" ] || fail "$v was not kept: $(ls "$work")"
done
grep -q "build directories kept in $work" err || fail "no message saying where: $(cat err)"
elf_is_pie "$work/standard/hello" || fail "the standard variant is not PIE"
elf_is_pie "$work/standard-no-pie/hello" && fail "the standard-no-pie variant is PIE"
echo ok
