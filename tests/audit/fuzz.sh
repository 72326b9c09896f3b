#!/bin/sh
# fuzz.sh - the fuzz target tools/fuzz-elf.c (ELF reader + fact gathering)
# builds; with libFuzzer (clang -fsanitize=fuzzer) it runs for 20 seconds
# from a seed corpus of valid and hostile ELF files without a crash.
# Without libFuzzer the same target is built as a plain replay driver
# (-DFUZZ_DRIVER) under ASan+UBSan and replays the seeds.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
CLANG=${HARDEN_CLANG:-clang}
SRC=$HARDEN_SRCDIR/tools
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"

build_corpus
mkdir -p "$T/seeds"
for b in gcc-none gcc-standard-stripped gcc-obj.o gcc-m32.o gcc-m32-static-pie \
    a64-be.so a64-ilp32-be.o gcc-clash-g clang-g-record gcc-clash-rec; do
	[ -f "$T/corpus/$b" ] && cp "$T/corpus/$b" "$T/seeds/"
done
gen_hostile "$T/hostile" "$T/corpus/gcc-m32-static-pie" "$T/corpus/gcc-obj.o" ||
	fail "cannot generate hostile files"
cp "$T"/hostile/*.*-* "$T/seeds/" 2>/dev/null

export ASAN_OPTIONS=detect_leaks=1
if have "$CLANG" && "$CLANG" -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=all -I"$SRC" -o "$T/fuzz-elf" \
    "$SRC/fuzz-elf.c" "$SRC/elf.c" "$SRC/checks.c" "$SRC/dwarf.c" >"$T/build.log" 2>&1; then
	mkdir -p "$T/work"
	timeout 120 "$T/fuzz-elf" -max_total_time=20 -max_len=65536 \
	    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	    "$T/work" "$T/seeds" >"$T/fuzz.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { tail -40 "$T/fuzz.log" >&2; fail "libFuzzer exited $rc"; }
	echo "fuzz: libFuzzer ran 20s: $(grep -m1 'stat::number_of_executed_units' "$T/fuzz.log")"
	exit 0
fi
echo "libFuzzer unavailable ($(head -1 "$T/build.log")); replay driver only"
CC=$CLANG
have "$CC" || CC=gcc
"$CC" -g -O1 $SAN -DFUZZ_DRIVER -I"$SRC" -o "$T/fuzz-elf" "$SRC/fuzz-elf.c" \
    "$SRC/elf.c" "$SRC/checks.c" "$SRC/dwarf.c" >"$T/build.log" 2>&1 ||
	{ cat "$T/build.log" >&2; fail "cannot build the fuzz driver"; }
timeout 120 "$T/fuzz-elf" "$T"/seeds/* >"$T/fuzz.log" 2>&1 ||
	{ tail -40 "$T/fuzz.log" >&2; fail "fuzz driver crashed on a seed"; }
echo "fuzz: replayed $(ls "$T/seeds" | wc -l) seeds"
exit 0
