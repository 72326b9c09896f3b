#!/bin/sh
# bench/probe-cpu.sh: where a probe run's time goes, per language: every
# compiler run of harden-flags with its CPU seconds (user+sys of the
# compiler and what it ran), by step, for C and C++ probed in one run, and
# the whole run's CPU and wall time beside.  A benchmark, not a test: it
# prints numbers and never fails on them.  See bench/README.md.
#
#   sh bench/probe-cpu.sh [--rounds=N] [--cc=gcc] [--cxx=g++] [--flags='-g -O2']
#
# Each compiler run of one more run of both goes through a wrapper that
# times it with GNU time (to 10 ms: read means of several rounds); the
# whole runs go without it.  Steps are named by what they write: traits
# (-E), b_on.s (the set's -S), b.o and b.prog (its assembly and link),
# b_misuse.o (format-security's misuse), b_offN.s (an asm feature's off
# variant), b0.o and b0.prog (the base probe, when something printed).
set -eu

me=probe-cpu
rounds=5 cc=gcc cxx=g++ flags='-g -O2'
for arg; do
	case $arg in
	--rounds=*) rounds=${arg#*=} ;;
	--cc=*) cc=${arg#*=} ;;
	--cxx=*) cxx=${arg#*=} ;;
	--flags=*) flags=${arg#*=} ;;
	-h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) printf '%s: unknown argument: %s\n' "$me" "$arg" >&2; exit 2 ;;
	esac
done
case $rounds in ''|*[!0-9]*|0) printf '%s: --rounds needs a positive number\n' "$me" >&2; exit 2 ;; esac
[ -x /usr/bin/time ] || { printf '%s: needs GNU time (/usr/bin/time, Debian package time)\n' "$me" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/probe-cpu.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM

# The wrapper: one line per compiler run, "LANG STEP CPU", STEP named by
# what the run writes (traits for -E, b1_on.s, b1.prog, ...).
cat >"$scratch/timed" <<'EOF'
#!/bin/sh
lang=$1
shift
step=traits out=
for a; do
	case $out in yes) step=${a##*/} ;; esac
	out=
	case $a in -o) out=yes ;; esac
done
case $step in b[0-9]*) step=b${step#b[0-9]} ;; esac	# b1_on.s, b2_on.s: one step
/usr/bin/time -a -o "$PROBE_CPU_LOG" -f "$lang $step %U %S" "$@"
EOF
chmod +x "$scratch/timed"

unset CPPFLAGS LDFLAGS CCACHE_DIR 2>/dev/null || :
export LC_ALL=C PROBE_CPU_LOG="$scratch/steps"
printf 'probe-cpu: harden-flags --lang=c,c++, standard level, %s rounds\n' "$rounds"
printf 'date:    %s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
printf 'machine: %s, nproc %s, load %s\n' "$(uname -srm)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'harden:  %s\n' "$(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?')"
printf 'CC:      %s (%s)\nCXX:     %s (%s)\nflags:   %s\n\n' "$cc" "$("$cc" --version | sed 1q)" \
	"$cxx" "$("$cxx" --version | sed 1q)" "$flags"

# Per round: each language alone and both together, as a frontend runs
# them (no wrapper: the whole runs' figures); then both through the
# wrapper (the steps' figures).
i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	for run in c c++ both steps; do
		w=
		[ $run = steps ] && w="$scratch/timed"
		case $run in
		c) set -- --lang=c CC="$cc" CFLAGS="$flags" ;;
		c++) set -- --lang=c++ CXX="$cxx" CXXFLAGS="$flags" ;;
		*) set -- --lang=c CC="${w:+$w c }$cc" CFLAGS="$flags" \
			--lang=c++ CXX="${w:+$w c++ }$cxx" CXXFLAGS="$flags" ;;
		esac
		/usr/bin/time -a -o "$scratch/runs" -f "$run %e %U %S" \
			sh "$repo/catalog/harden-flags" --export=keys "$@" >/dev/null
	done
done

awk -v rounds="$rounds" '
	# GNU time says "Command exited with non-zero status 1" before the
	# figures of the misuse compile (which must fail).
	$1 != "c" && $1 != "c++" && $1 != "both" && $1 != "steps" { next }
	FILENAME ~ /steps$/ { k = $1 SUBSEP $2; cpu[k] += $3 + $4; n[k]++
		if (!($2 in seen)) { seen[$2] = 1; order[++ns] = $2 }
		tot[$1] += $3 + $4; cnt[$1]++; next }
	{ w[$1] += $2; c[$1] += $3 + $4 }
	END {
		printf "Compiler runs of a run of both languages, by step (mean CPU seconds per run of\n"
		printf "harden-flags; (N): the compiler runs of the step per run):\n"
		printf "%-14s %12s %12s\n", "step", "C", "C++"
		for (i = 1; i <= ns; i++) {
			s = order[i]
			printf "%-14s", s
			split("c c++", l, " ")
			for (j = 1; j <= 2; j++) {
				k = l[j] SUBSEP s
				if (k in cpu) printf " %7.3f (%d)", cpu[k] / rounds, n[k] / rounds
				else printf " %12s", "-"
			}
			printf "\n"
		}
		printf "%-14s %7.3f (%d) %7.3f (%d)\n\n", "all steps", tot["c"] / rounds, cnt["c"] / rounds,
			tot["c++"] / rounds, cnt["c++"] / rounds
		printf "Whole runs of harden-flags, no wrapper (means; CPU: the driver and its compilers):\n"
		printf "%-8s %8s %8s\n", "run", "wall", "CPU"
		split("c c++ both", r, " ")
		for (j = 1; j <= 3; j++)
			printf "%-8s %7.3fs %7.3fs\n", r[j], w[r[j]] / rounds, c[r[j]] / rounds
	}' "$scratch/steps" "$scratch/runs"
