#!/bin/sh
# A process the command leaves running (a server started in the
# background and never stopped) is ended when the command exits, so it
# cannot skew the next variant's run; the run itself still counts.
. "$(dirname "$0")/lib.sh"
cost_tool
tiny_project "$T/p"
: >"$T/pids"
cost_make "$T/p" --features relro --rounds 1 --instructions none --workdir "$T/work" --quiet \
	--run "sleep 300 >/dev/null 2>&1 & echo \$! >>'$T/pids'; \"\$HARDEN_COST_BUILDDIR/hello\"" \
	>out 2>&1 || fail "harden-cost failed: $(cat out)"
[ "$(wc -l <"$T/pids")" -eq 4 ] || fail "not 4 runs (3 variants and the control): $(cat "$T/pids")"
# alive PID: the process runs (a zombie has ended).
alive() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:.*zombie' "/proc/$1/status" 2>/dev/null; }
for pid in $(cat "$T/pids"); do
	i=0	# a loaded machine may take a moment to end it: up to 5 s
	while alive "$pid" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	if alive "$pid"; then
		kill -9 "$pid"
		fail "the background process $pid survived its run"
	fi
done
echo ok
