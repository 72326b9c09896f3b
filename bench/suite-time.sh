#!/bin/sh
# Where the test suite's time goes: runs the whole suite (or the scripts
# given) once, as CI does, in a fresh clone of HEAD, and writes the table
# tests/run prints at the end (the ten slowest tests, the seconds of each
# area, wall and CPU) with the wall time and the date to OUT (default:
# suite-time.txt).
# A measurement, not a test: it never fails on a number.
#   sh bench/suite-time.sh [--out=FILE] [tests/AREA/NAME.sh...]
out=$PWD/suite-time.txt
case $1 in --out=*) out=${1#--out=}; shift ;; esac
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/suite-time.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
git clone -q "$src" "$dir/harden" || exit 2
start=$(date +%s)
(cd "$dir/harden" && HARDEN_TEST_TIMES="$dir/times" sh tests/run "$@") >"$dir/run.log" 2>&1
rc=$?
wall=$(( $(date +%s) - start ))
{
	echo "suite time of $(git -C "$src" rev-parse --short HEAD) on $(date -u +%Y-%m-%d) ($(nproc) cores, $(uname -m))"
	echo "wall ${wall}s, exit $rc: $(tail -n 1 "$dir/run.log")"
	cat "$dir/times" 2>/dev/null
} >"$out"
cat "$out"
