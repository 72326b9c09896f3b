#!/bin/sh
# An A/A test: every variant is built with the same flags (a driver that
# gives the standard level's real report whatever it is asked), so every
# true cost is 0, and only the layouts differ.  The figure is the
# program's own layout (how far apart the linker put two functions) plus
# the run's environment padding: what layout and alignment do to a
# benchmark, without timing.  Of 30 reports (--seed 1 to 30: new layouts
# each) at most 5 % may claim a resolved cost; a report whose control
# resolved claims none (too noisy).  Built once: --reuse relinks only.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
objects_project "$T/p"
sh "$S/catalog/harden-flags" --catalog="$S/catalog" --report >"$T/report.txt" ||
	fail "harden-flags --report failed"
cat >"$T/same-flags" <<EOS
#!/bin/sh
case " \$* " in *" --list="*) exec sh "$S/catalog/harden-flags" "\$@" ;; esac
cat "$T/report.txt"
EOS
chmod +x "$T/same-flags"
cat >"$T/work.sh" <<'EOS'
echo "score: $(( $("$HARDEN_COST_BUILDDIR/prog") * 100 + ${#HARDEN_COST_PAD} % 97 ))"
EOS
claims=0 noisy=0 costs=0
for seed in $(seq 1 30); do
	"$HC" --make "$T/p" --catalog "$S/catalog" --harden-flags "$T/same-flags" \
		--features relro,pie,bind-now --rounds 6 --instructions none --quiet --seed "$seed" \
		--workdir "$T/w" --reuse --figure score: --run "sh '$T/work.sh'" \
		--json="$T/$seed.json" >"$T/$seed.out" 2>"$T/$seed.err" ||
		fail "report $seed: $(cat "$T/$seed.err")"
	n=$(json_get "$T/$seed.json" 'sum(1 for m in j["costs"] if m["kind"] != "control" and m["time"]["low"] is not None and not m["time"]["within_noise"])')
	costs=$(json_get "$T/$seed.json" 'len(j["costs"])')
	[ "$n" -gt 0 ] && claims=$((claims + 1))
	[ "$(json_get "$T/$seed.json" 'j["verdict"]')" = too-noisy ] && noisy=$((noisy + 1))
done
[ "$costs" = 5 ] || fail "not 5 comparisons a report (3 features, the level, the control): $costs"
note "reports claiming a resolved cost: $claims of 30; too noisy for a verdict: $noisy of 30"
# the figures vary between layouts: the test would catch intervals that ignore them
json_get "$T/30.json" '[m["time"]["between_layouts"] for m in j["costs"]]'
[ "$(json_get "$T/30.json" 'max(m["time"]["between_layouts"] for m in j["costs"]) > 0.005')" = True ] ||
	fail "the layouts hardly differ: $(cat "$T/30.out")"
[ "$claims" -le 1 ] || fail "$claims of 30 reports claim a resolved cost (at most 5 %: 1)"
echo ok
