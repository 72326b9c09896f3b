#!/bin/sh
# Bad usage exits 2 with a message naming the problem and the usage line;
# --help exits 0.  Nothing is built.
. "$(dirname "$0")/lib.sh"
cost_tool
# bad MESSAGE ARG...: harden-cost ARG... exits 2 and says MESSAGE.
bad() {
	_msg=$1
	shift
	"$HC" "$@" >out 2>err && fail "harden-cost $* succeeded"
	rc=$?
	[ "$rc" -eq 2 ] || fail "harden-cost $*: exit $rc, want 2: $(cat err)"
	grep -q -- "$_msg" err || fail "harden-cost $*: no '$_msg' in: $(cat err)"
	grep -q '^usage: harden-cost' err || fail "harden-cost $*: no usage line in: $(cat err)"
	[ -s out ] && fail "harden-cost $*: wrote to standard output: $(cat out)"
	return 0
}
mkdir src
bad 'no SRCDIR given'
bad 'no --run CMD given' src
bad "unknown option '--bogus'" --bogus src --run true
bad "unknown option '-x'" -x src --run true
bad '--rounds needs a whole number' src --run true --rounds many
bad '--run needs a value' src --run
bad 'give one of --autoconf' --meson --cmake src --run true
bad "--level is none, standard or strict, not 'high'" --meson src --run true --level high
bad '--higher-is-better needs --figure' --meson src --run true --higher-is-better
bad '--instructions is auto, perf, callgrind or none' --meson src --run true --instructions cycles
bad 'more than one SRCDIR' src src --run true
bad '--cpu-time and --figure exclude each other' --meson src --run true --cpu-time --figure x
bad 'has no meson.build, CMakeLists.txt, configure or Makefile' src --run true
bad 'has no configure: run autoreconf -fi' --autoconf src --run true
bad 'cannot read SRCDIR' --meson "$T/missing" --run true
"$HC" --help >out 2>&1 || fail "--help failed"
grep -q '^usage: harden-cost' out || fail "--help has no usage line"
echo ok
