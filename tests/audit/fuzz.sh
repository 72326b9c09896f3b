#!/bin/sh
# fuzz.sh - the fuzz target tools/fuzz-elf.c (ELF and PE readers + fact
# gathering) builds; with libFuzzer (clang -fsanitize=fuzzer) it runs for
# 20 seconds from a seed corpus of valid and hostile ELF and PE files
# (mingw-w64 programs and DLLs when it is installed, a synthetic PE
# always) without a crash.
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
set --
if have x86_64-w64-mingw32-gcc; then
	build_pe_corpus
	for b in w-hard.dll w-none-stripped.exe pe32-bare.exe; do
		[ -f "$T/pe/$b" ] && cp "$T/pe/$b" "$T/seeds/"
	done
	set -- "$T/pe/w-none-stripped.exe"
fi
gen_hostile_pe "$T/hostile-pe" "$@" || fail "cannot generate hostile PE files"
cp "$T"/hostile-pe/*.pe-* "$T"/hostile-pe/synthetic.* "$T/seeds/" 2>/dev/null
npe=0
for f in "$T"/seeds/*; do
	[ "$(head -c 2 "$f")" = MZ ] && npe=$((npe + 1))
done
[ "$npe" -gt 1 ] || fail "no PE seeds"
SRCS="$SRC/fuzz-elf.c $SRC/elf.c $SRC/pe.c $SRC/checks.c $SRC/dwarf.c"

export ASAN_OPTIONS=detect_leaks=1
if have "$CLANG" && "$CLANG" -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=all -I"$SRC" -o "$T/fuzz-elf" $SRCS \
    >"$T/build.log" 2>&1; then
	mkdir -p "$T/work"
	timeout 120 "$T/fuzz-elf" -max_total_time=20 -max_len=65536 \
	    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	    "$T/work" "$T/seeds" >"$T/fuzz.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { tail -40 "$T/fuzz.log" >&2; fail "libFuzzer exited $rc"; }
	echo "fuzz: libFuzzer ran 20s from $(ls "$T/seeds" | wc -l) seeds ($npe PE): $(grep -m1 'stat::number_of_executed_units' "$T/fuzz.log")"
	exit 0
fi
echo "libFuzzer unavailable ($(head -1 "$T/build.log")); replay driver only"
CC=$CLANG
have "$CC" || CC=gcc
"$CC" -g -O1 $SAN -DFUZZ_DRIVER -I"$SRC" -o "$T/fuzz-elf" $SRCS \
    >"$T/build.log" 2>&1 ||
	{ cat "$T/build.log" >&2; fail "cannot build the fuzz driver"; }
timeout 120 "$T/fuzz-elf" "$T"/seeds/* >"$T/fuzz.log" 2>&1 ||
	{ tail -40 "$T/fuzz.log" >&2; fail "fuzz driver crashed on a seed"; }
echo "fuzz: replayed $(ls "$T/seeds" | wc -l) seeds ($npe PE)"
exit 0
