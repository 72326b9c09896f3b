#!/bin/sh
# --reuse rebuilds the build directories a --keep run left instead of
# making them afresh (what is in them stays), and keeps them again;
# without it a run starts every variant from an empty directory.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"
cost_make "$T/p" --features pie --rounds 1 --instructions none --workdir "$T/work" --keep --quiet \
	--run '"$HARDEN_COST_BUILDDIR/hello"' >out 2>&1 || fail "harden-cost --keep failed: $(cat out)"
for v in standard none standard-no-pie; do
	echo mark >"$T/work/$v/marker"
done
cost_make "$T/p" --features pie --rounds 1 --instructions none --workdir "$T/work" --reuse --quiet \
	--run '"$HARDEN_COST_BUILDDIR/hello"' >out 2>&1 || fail "harden-cost --reuse failed: $(cat out)"
for v in standard none standard-no-pie; do
	[ -f "$T/work/$v/marker" ] || fail "$v was built afresh with --reuse"
	[ -x "$T/work/$v/hello" ] || fail "$v was not kept with --reuse"
done
elf_is_pie "$T/work/standard-no-pie/hello" && fail "standard-no-pie is PIE after --reuse"
cost_make "$T/p" --features pie --rounds 1 --instructions none --workdir "$T/work" --keep --quiet \
	--run '"$HARDEN_COST_BUILDDIR/hello"' >out 2>&1 || fail "harden-cost --keep failed: $(cat out)"
[ -f "$T/work/standard/marker" ] && fail "without --reuse the old build directory stayed"
echo ok
