#!/bin/sh
# fuzz.sh - a short libFuzzer pass (20 seconds) over the fuzz target
# tools/audit/fuzz-elf.c (the ELF and PE readers and the fact gathering), built
# with ASan and UBSan, from a seed corpus of valid and hostile ELF and PE
# files: no crash, no leak, no timeout.  bench/fuzz-audit.sh runs the same
# for longer.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"
need python3
npe=$(fuzz_seeds "$T/seeds") || exit 1
fuzz_build "$T/fuzz-elf"
mkdir -p "$T/work"
export ASAN_OPTIONS=detect_leaks=1
timeout 120 "$T/fuzz-elf" -max_total_time=20 -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    "$T/work" "$T/seeds" >"$T/fuzz.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { tail -40 "$T/fuzz.log"; fail "libFuzzer exited $rc"; }
ls "$T"/crash-* "$T"/leak-* "$T"/timeout-* 2>/dev/null && fail "libFuzzer left crash files"
echo "fuzz: 20 s from $(ls "$T/seeds" | wc -l) seeds ($npe PE): $(fuzz_stats "$T/fuzz.log")"
