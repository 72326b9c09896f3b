#!/bin/sh
# Every terminating signal (SIGHUP, SIGQUIT, SIGPIPE, SIGTERM; SIGINT in
# interrupt.sh) stops harden-cost as SIGINT does: exit 128+signal, the
# message, and nothing left in TMPDIR (its work directory, with the
# variants' builds and logs, is removed).  One layout a variant: the
# signal comes while the command runs, after every build.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"
for sig in HUP:1 QUIT:3 PIPE:13 TERM:15; do
	n=${sig#*:} sig=${sig%:*}
	: >"$T/started"
	mkdir "$T/tmp-$sig"
	# harden-cost itself in the background, not a function (a subshell)
	TMPDIR=$T/tmp-$sig "$HC" --make "$T/p" --catalog "$S/catalog" \
		--harden-flags "$COST_DRIVER" --features relro --rounds 3 --layouts 1 --instructions none \
		--quiet --run "echo x >>'$T/started'; sleep 300" >"$T/out-$sig" 2>&1 &
	hc=$!
	i=0
	while [ ! -s "$T/started" ]; do
		i=$((i + 1))
		[ $i -gt 600 ] && { kill $hc; fail "the command never started: $(cat "$T/out-$sig")"; }
		sleep 0.1
	done
	kill -$sig $hc
	i=0	# not stopped in 30 s (the signal ignored): no 300 s wait
	while ! grep -qs '^State:.*zombie' /proc/$hc/status && [ -e /proc/$hc ]; do
		i=$((i + 1))
		[ $i -gt 300 ] && { kill -9 $hc; fail "SIG$sig did not stop harden-cost"; }
		sleep 0.1
	done
	wait $hc
	rc=$?
	want=$((128 + n))
	[ "$rc" -eq "$want" ] || fail "SIG$sig: exit $rc, want $want: $(cat "$T/out-$sig")"
	grep -q "interrupted by signal $n;" "$T/out-$sig" ||
		fail "SIG$sig: no message: $(cat "$T/out-$sig")"
	left=$(ls -A "$T/tmp-$sig")
	[ -z "$left" ] || fail "SIG$sig: left in TMPDIR: $left ($(find "$T/tmp-$sig" | head -n 5))"
done
echo ok
