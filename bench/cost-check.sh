#!/bin/sh
# Checks harden-cost's instruction costs against callgrind run by hand.
#
#	sh bench/cost-check.sh [WORKLOAD [FRONTEND [WORKDIR]]]
#
# Runs tools/harden-cost on examples/cost (WORKLOAD: lrange, the default,
# sha256, parse or recurse; FRONTEND: meson, the default, cmake, make),
# instructions only and with the build directories kept, then runs
# `valgrind --tool=callgrind` directly on the program of both builds of
# every cost and prints, per feature, both costs and their difference in
# percentage points.  Exit 1 when one differs by 1 point or more.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
workload=${1:-lrange}
frontend=${2:-meson}
work=${3:-$(mktemp -d "${TMPDIR:-/tmp}/cost-check.XXXXXX")}
mkdir -p "$work"
make -s -C "$root/tools" O="$work/tools" "$work/tools/harden-cost" >/dev/null
"$work/tools/harden-cost" --"$frontend" "$root/examples/cost" --rounds 0 --keep --quiet \
	--instructions callgrind --catalog "$root/catalog/features.txt" \
	--harden-flags "$root/catalog/harden-flags" --workdir "$work/builds" \
	--json="$work/cost.json" --markdown="$work/cost.md" \
	--run "\$HARDEN_COST_WRAP \"\$HARDEN_COST_BUILDDIR/costbench\" $workload" >"$work/cost.txt"
# direct VARIANT: the instructions of costbench WORKLOAD in that build
# (through its real directory, v001...: paths of the same length, as
# harden-cost runs them, since the environment's size moves the counts).
direct() {
	valgrind --tool=callgrind -q --callgrind-out-file="$work/direct.$1.out" \
		"$(cd "$work/builds/$1" && pwd -P)/costbench" "$workload" >/dev/null
	sed -n 's/^totals: \([0-9]*\).*/\1/p' "$work/direct.$1.out"
}
python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["costs"]:
    print(c["name"].replace(" ", "_"), c["with"], c["without"], c["instructions"]["ratio"])' \
	"$work/cost.json" >"$work/pairs"
echo "| cost of ($workload, $frontend) | harden-cost | callgrind by hand | difference |"
echo "|---|---|---|---|"
status=0
while read -r name with without ratio; do
	a=$(direct "$with")
	b=$(direct "$without")
	line=$(awk -v n="$name" -v r="$ratio" -v a="$a" -v b="$b" 'BEGIN {
		t = (r - 1) * 100; d = (a / b - 1) * 100; diff = t - d; if (diff < 0) diff = -diff
		printf "| `%s` | %+.2f%% | %+.2f%% | %.2f points |%s\n", n, t, d, diff, diff >= 1 ? " BAD" : ""
	}')
	echo "$line" | sed 's/ BAD$//; s/_vs_/ vs /'
	case $line in *BAD) status=1 ;; esac
done <"$work/pairs"
echo "(builds in $work/builds)"
exit $status
