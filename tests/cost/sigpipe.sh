#!/bin/sh
# A reader that goes away (harden-cost ... | head -2) stops harden-cost
# as SIGINT does, and leaves nothing in TMPDIR: whether the report on
# standard output finds no reader, or the progress lines on standard error
# do, in the middle of the builds.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"

# the report: the reader is gone before the end
mkdir "$T/tmp1"
{ TMPDIR=$T/tmp1 cost_make "$T/p" --features relro --rounds 2 --instructions none --quiet \
	--run '"$HARDEN_COST_BUILDDIR/hello"' 2>"$T/err1"; echo $? >"$T/rc1"; } | true
[ "$(cat "$T/rc1")" -eq 141 ] || fail "report to a closed pipe: exit $(cat "$T/rc1"), want 141: $(cat "$T/err1")"
left=$(ls -A "$T/tmp1")
[ -z "$left" ] || fail "report to a closed pipe: left in TMPDIR: $left"

# the progress lines (one per build and round without a terminal): the
# reader takes two and goes
mkdir "$T/tmp2"
{ TMPDIR=$T/tmp2 cost_make "$T/p" --features relro,bind-now,pie --rounds 5 --instructions none \
	--run '"$HARDEN_COST_BUILDDIR/hello"' 2>&1 >/dev/null; echo $? >"$T/rc2"; } | head -2 >"$T/head2"
[ "$(wc -l <"$T/head2")" -eq 2 ] || fail "not two progress lines: $(cat "$T/head2")"
[ "$(cat "$T/rc2")" -eq 141 ] || fail "progress to a closed pipe: exit $(cat "$T/rc2"), want 141"
left=$(ls -A "$T/tmp2")
[ -z "$left" ] || fail "progress to a closed pipe: left in TMPDIR: $left"
echo ok
