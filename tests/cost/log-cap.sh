#!/bin/sh
# A log keeps the first and the last 64 KiB of each command's output, with
# a line saying how many bytes were cut between, instead of all of it: a
# run that prints 2 MB and fails leaves a run log of about 128 KiB that
# starts and ends as the output did (a figure on the last line is still
# read), and a build whose make prints as much a build log of the same
# size per command.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"
printf '\t@seq 1 300000\n' >>"$T/p/Makefile"	# one more line of the recipe
total=$(seq 1 300000 | wc -c)
cut=$((total - 2 * 65536))
cost_make "$T/p" --features relro --rounds 1 --instructions none --quiet --workdir "$T/w" --keep \
	--run 'seq 1 300000; test "$HARDEN_COST_VARIANT" != standard-no-relro' >out 2>err
rc=$?
[ "$rc" -eq 1 ] || fail "exit $rc, want 1 (standard-no-relro's run fails): $(cat err)"
log=$T/w/logs/standard-no-relro.run.log
[ -f "$log" ] || fail "no run log: $(ls "$T/w/logs")"
size=$(wc -c <"$log")
[ "$size" -lt $((2 * 65536 + 200)) ] || fail "the run log has $size bytes"
[ "$(head -n 1 "$log")" = 1 ] || fail "the run log does not start with the output: $(head -n 2 "$log")"
[ "$(tail -n 1 "$log")" = 300000 ] || fail "the run log does not end with the output: $(tail -n 2 "$log")"
grep -qx "\[harden-cost: $cut bytes of output cut here; the first and last 64 KiB are kept\]" "$log" ||
	fail "no line saying $cut bytes were cut: $(grep -n harden-cost "$log")"
[ "$(head -c 65536 "$log")" = "$(seq 1 300000 | head -c 65536)" ] || fail "not the head of the output"
[ "$(tail -c 65536 "$log")" = "$(seq 1 300000 | tail -c 65536)" ] || fail "not the tail of the output"
blog=$T/w/logs/standard.build.log
size=$(wc -c <"$blog")
[ "$size" -lt $((3 * (2 * 65536 + 200) + 8192)) ] || fail "the build log has $size bytes"
# make's output is the numbers and a few lines of its own
grep -Eqx "\[harden-cost: 1[0-9]{6} bytes of output cut here; the first and last 64 KiB are kept\]" "$blog" ||
	fail "the build log: no line saying how many bytes were cut: $(grep -n 'harden-cost' "$blog")"
grep -q '^\$ make ' "$blog" || fail "the build log lost its commands: $(grep '^\$' "$blog")"
grep -q '^  standard-no-relro  *run failed' out || fail "no failed variant: $(cat out)"
echo ok
