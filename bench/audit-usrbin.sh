#!/bin/sh
# bench/audit-usrbin.sh - how long harden-audit takes over a whole
# directory of programs (default /usr/bin), and, side by side on a sample of
# its ELF files, checksec and hardening-check.  A benchmark, not a test: it
# prints numbers and never fails on them.
#
# usage: sh bench/audit-usrbin.sh [--dir=DIR] [--rounds=N] [--sample=N]
#            [--baseline=GITREV] [--full-checksec]
#
#   --dir=DIR          directory to audit (default /usr/bin)
#   --rounds=N         timed runs over DIR after one warm-up run (default 5)
#   --sample=N         ELF files for the side-by-side comparison (default 100)
#   --baseline=GITREV  also time harden-audit as of GITREV (e.g. HEAD), built
#                      from `git archive`, to compare before and after
#   --full-checksec    also run `checksec --dir=DIR` on all of DIR (minutes)
#
# harden-audit is built from the working tree (make -C tools O=scratch).
# Times are wall-clock seconds (best and median of the rounds); peak memory
# is the maximum resident set size from GNU time when installed.  The page
# cache is warm: every tool reads the files once before it is timed.

src=$(cd "$(dirname "$0")/.." && pwd)
dir=/usr/bin rounds=5 sample=100 baseline= fullcs=
for a; do
	case $a in
	--dir=*) dir=${a#*=} ;;
	--rounds=*) rounds=${a#*=} ;;
	--sample=*) sample=${a#*=} ;;
	--baseline=*) baseline=${a#*=} ;;
	--full-checksec) fullcs=1 ;;
	*) sed -n '8,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/audit-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
export LC_ALL=C

now() { date +%s.%N; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0f", a / b; else print "-" }'; }

build() {	# build SRCDIR OUTDIR
	make -s -C "$1/tools" O="$2" CFLAGS="-O2 -g" "$2/harden-audit" \
	    >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 2; }
}

# timeit CMD...: runs CMD (output discarded) once; sets $secs and $kb.
timeit() {
	if [ -x /usr/bin/time ]; then
		t0=$(now)
		/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
		t1=$(now)
		kb=$(tail -n 1 "$tmp/rss")
	else
		t0=$(now)
		"$@" >/dev/null 2>&1
		t1=$(now)
		kb=-
	fi
	secs=$(sub "$t0" "$t1")
}

# rounds LABEL CMD...: one warm-up run, then $rounds timed ones.
rounds() {
	label=$1
	shift
	timeit "$@"
	: >"$tmp/times"
	i=0
	while [ $i -lt "$rounds" ]; do
		timeit "$@"
		echo "$secs $kb" >>"$tmp/times"
		i=$((i + 1))
	done
	sort -n "$tmp/times" | awk -v l="$label" '
		{ t[NR] = $1; if ($2 > m) m = $2 }
		END { printf "%-34s best %6.3f s  median %6.3f s  peak RSS %s KB\n",
		    l, t[1], t[int((NR + 1) / 2)], m }'
	best=$(sort -n "$tmp/times" | awk 'NR == 1 { print $1 }')
}

build "$src" "$tmp/new"
new=$tmp/new/harden-audit
if [ -n "$baseline" ]; then
	mkdir -p "$tmp/base"
	# The whole tree: the tools' Makefile reads ../VERSION and ../catalog.
	git -C "$src" archive "$baseline" | tar -x -C "$tmp/base" ||
		{ echo "cannot export $baseline" >&2; exit 2; }
	build "$tmp/base" "$tmp/base/bin"
fi

set -- "$dir"/*
nfiles=$#
elf=$(printf '\177ELF')
for f; do
	[ -f "$f" ] && [ "$(head -c 4 "$f" 2>/dev/null)" = "$elf" ] && echo "$f"
done >"$tmp/elf"
nelf=$(wc -l <"$tmp/elf")
echo "harden-audit over $dir: $nfiles files ($nelf ELF), $(nproc 2>/dev/null || echo ?) CPUs, $rounds rounds"
rounds "harden-audit (working tree)" "$new" -q "$@"
after=$best
if [ -n "$baseline" ]; then
	rounds "harden-audit ($baseline)" "$tmp/base/bin/harden-audit" -q "$@"
	echo "  speed-up over $baseline: $(awk -v a="$best" -v b="$after" 'BEGIN { printf "%.1f", a / b }')x"
fi

# Side by side on a sample spread over the ELF files.
step=$(( (nelf + sample - 1) / sample ))
[ "$step" -ge 1 ] || step=1
awk -v s="$step" 'NR % s == 1 || s == 1' "$tmp/elf" >"$tmp/sample"
n=$(wc -l <"$tmp/sample")
echo
echo "sample: $n ELF files of $dir (every ${step}th), per-file figures in ms"
per() { awk -v t="$1" -v n="$n" 'BEGIN { printf "%.2f", t * 1000 / n }'; }
timeit xargs "$new" -q <"$tmp/sample"			# warm-up
timeit xargs "$new" -q <"$tmp/sample"
ha=$secs
echo "  harden-audit, one run:          $(per "$ha") ms/file"
# each: the command of a shell that runs "$@" FILE for every sample FILE.
each='while read -r f; do "$@" "$f"; done <"$0"'
timeit sh -c "$each" "$tmp/sample" "$new" -q
ha1=$secs
echo "  harden-audit, a process a file: $(per "$ha1") ms/file"
if command -v checksec >/dev/null 2>&1; then
	timeit sh -c 'while read -r f; do checksec --output=csv --file="$f"; done <"$0"' "$tmp/sample"
	echo "  checksec --file:                $(per "$secs") ms/file ($(ratio "$secs" "$ha")x one run, $(ratio "$secs" "$ha1")x a process a file)"
else
	echo "  checksec: not installed (tests/install-deps.sh)"
fi
if command -v hardening-check >/dev/null 2>&1; then
	timeit sh -c "$each" "$tmp/sample" hardening-check
	echo "  hardening-check:                $(per "$secs") ms/file ($(ratio "$secs" "$ha")x one run, $(ratio "$secs" "$ha1")x a process a file)"
else
	echo "  hardening-check: not installed (devscripts)"
fi
if [ -n "$fullcs" ] && command -v checksec >/dev/null 2>&1; then
	echo
	timeit checksec --output=csv --dir="$dir"
	echo "checksec --dir=$dir: $secs s, peak RSS $kb KB ($(ratio "$secs" "$after")x harden-audit)"
fi
