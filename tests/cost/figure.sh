#!/bin/sh
# --figure takes only a finite positive number: when what follows the text
# is inf, nan, 0, a negative number, nothing, or a number with junk glued
# to it, that run fails with the offending text in its message (never a
# cost "within noise [+0.0 %, +0.0 %]"); a number in quotes and followed
# by a comma or a unit after a blank is a figure.
. "$(dirname "$0")/lib.sh"
cost_tool
tiny_project "$T/p"
# standard-no-relro prints $1 (the last line with the text counts), the
# others a good figure
cat >"$T/work.sh" <<'EOS'
echo "score: 10"
if [ "$HARDEN_COST_VARIANT" = standard-no-relro ]; then echo "score: $1"; else echo "score: 10"; fi
EOS
# built once (one layout: the figures are read alike in any): --reuse only
# runs make again
figure() {
	cost_make "$T/p" --features relro --rounds 2 --layouts 1 --instructions none --quiet \
		--workdir "$T/work" --reuse \
		--figure score: --run "sh '$T/work.sh' '$1'" >out 2>err
}
for bad in inf nan 0 -3 1e999 12ms abc; do
	figure "$bad"
	rc=$?
	[ "$rc" -eq 1 ] || fail "'$bad': exit $rc, want 1: $(cat out err)"
	grep -qF "standard-no-relro: '$bad' after 'score:' in the output of the command is not a finite positive number" out ||
		fail "'$bad': no message with it: $(cat out)"
	grep -q 'within noise' out && fail "'$bad': a cost within noise: $(cat out)"
done
figure ''
[ $? -eq 1 ] || fail "nothing after the text: not a failure: $(cat out err)"
grep -qF "standard-no-relro: no number after 'score:' in the output of the command" out ||
	fail "nothing after the text: no message: $(cat out)"
for good in 12 '"12.5",' '1.5e1 requests/s'; do
	figure "$good" || fail "'$good': exit $?: $(cat out err)"
	grep -q 'failed' out && fail "'$good' failed: $(cat out)"
done
echo ok
