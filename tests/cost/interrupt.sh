#!/bin/sh
# SIGINT (Ctrl-C) and SIGTERM stop harden-cost with 128+signal, and leave
# no process of the command behind: a server it started in the
# background, and the command itself, are ended with their process group.
# One layout a variant: the signal comes while the command runs.
. "$(dirname "$0")/lib.sh"
cost_tool
cost_driver
tiny_project "$T/p"
for sig in INT TERM; do
	: >"$T/pids"
	# harden-cost itself in the background (a function would be a
	# subshell, which ignores SIGINT there)
	"$HC" --make "$T/p" --catalog "$S/catalog" \
		--harden-flags "$COST_DRIVER" --features relro --rounds 3 --layouts 1 --instructions none --workdir "$T/work-$sig" \
		--quiet --run "sleep 300 & echo \$! >>'$T/pids'; echo \$\$ >>'$T/pids'; wait" \
		>"$T/out-$sig" 2>&1 &
	hc=$!
	i=0
	while [ "$(wc -l <"$T/pids")" -lt 2 ]; do
		i=$((i + 1))
		[ $i -gt 600 ] && { kill $hc; fail "the command never started: $(cat "$T/out-$sig")"; }
		sleep 0.1
	done
	kill -$sig $hc
	wait $hc
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; esac
	[ "$rc" -eq "$want" ] || fail "SIG$sig: exit $rc, want $want: $(cat "$T/out-$sig")"
	grep -q 'interrupted by signal' "$T/out-$sig" || fail "SIG$sig: no message: $(cat "$T/out-$sig")"
	for pid in $(cat "$T/pids"); do
		if kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*zombie' "/proc/$pid/status" 2>/dev/null; then
			kill -9 "$pid"
			fail "SIG$sig: process $pid of the command survived"
		fi
	done
done
echo ok
