#!/bin/sh
# A longer libFuzzer campaign over harden-audit's readers (tools/audit/fuzz-elf.c:
# ELF and PE), with the seed corpus of tests/audit/fuzz.sh, which runs the
# same target for 20 seconds in every test run.
#   sh bench/fuzz-audit.sh [SECONDS [CORPUS-DIR]]
# SECONDS defaults to 600.  CORPUS-DIR (default: a scratch directory) keeps
# the grown corpus, so that campaigns can follow one another.  Prints the
# executions, the coverage and the crashes; exits 1 on a crash, a leak or a
# timeout, leaving its input in the current directory.
secs=${1:-600}
export HARDEN_SRCDIR="$(cd "$(dirname "$0")/.." && pwd)"
export HARDEN_TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/harden-fuzz.XXXXXX")"
out=$(pwd)
corpus=${2:-$HARDEN_TMPDIR/corpus}
. "$HARDEN_SRCDIR/tests/audit/lib.sh"
npe=$(fuzz_seeds "$T/seeds") || exit 1
fuzz_build "$T/fuzz-elf"
mkdir -p "$corpus"
echo "fuzzing harden-audit for $secs s from $(ls "$T/seeds" | wc -l) seeds ($npe PE), corpus $corpus"
cd "$out" || exit 2
ASAN_OPTIONS=detect_leaks=1 "$T/fuzz-elf" -max_total_time="$secs" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    "$corpus" "$T/seeds" >"$T/fuzz.log" 2>&1
rc=$?
echo "$(fuzz_stats "$T/fuzz.log")"
crashes=$(grep -c '^==[0-9]*==ERROR\|^SUMMARY: libFuzzer' "$T/fuzz.log")
echo "crashes, leaks and timeouts: $crashes (libFuzzer exit status $rc)"
[ $rc -eq 0 ] || { tail -40 "$T/fuzz.log"; exit 1; }
rm -rf "$HARDEN_TMPDIR"
