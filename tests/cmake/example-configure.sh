#!/bin/sh
# One configure of the example (gcc, Release, Ninja) and its reconfigures,
# read without a build:
# * the options follow catalog/features.txt: one HARDENING_<FEATURE> cache
#   entry per feature (upper case, - -> _), default AUTO, whose choices are
#   AUTO ON OFF and the feature's value names in catalog order; no other
#   HARDENING_* option;
# * the configure output names each feature of the catalog on one line, its
#   final state ("--   NAME - STATE: DETAIL"), never also alone before it
#   (message(CHECK_START) per feature printed "--   NAME" first); the
#   overall step keeps its start and end lines;
# * with CC a wrapper that records every run, the first configure runs it
#   (CMake's checks and the driver's $standard_runs runs);
# * a reconfigure with unchanged inputs runs no probe: no "Probing" step,
#   no compiler run, every feature's summary line says "(cached)", no
#   scratch file is rewritten (probe.log untouched), and the report is the
#   same but for runs=0; likewise with an option that is no input of the
#   detection (BUILD_TESTING);
# * changing an input (CMAKE_C_FLAGS) runs the driver again;
# * the cache key includes the linker flags: adding -Wl,-z,lazy (bind-now's
#   off flag) to CMAKE_EXE_LINKER_FLAGS re-runs the probes, and bind-now is
#   left to the builder, who turned it off: state builder, value off, the
#   effect absent, no -Wl,-z,now added.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja

counting_gcc "$T/cc"
b=$T/build
r=$b/harden-report.txt
CC=$T/cc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
log=$b.configure.log

# The options.
awk '
$1 == "feature" { if (name != "") print name, vals; name = $2; vals = "AUTO;ON;OFF"; seen = "" }
$1 == "value" && index(seen, " " $3 " ") == 0 { vals = vals ";" $3; seen = seen " " $3 " " }
END { print name, vals }' "$S/catalog/features.txt" >"$T/expected"
[ -s "$T/expected" ] || fail "no feature in the catalog"
n=0
while read -r feature vals; do
	opt=HARDENING_$(echo "$feature" | tr 'a-z-' 'A-Z_')
	grep -qx "$opt:STRING=AUTO" "$b/CMakeCache.txt" || fail "no $opt:STRING=AUTO"
	grep -qx "$opt-STRINGS:INTERNAL=$vals" "$b/CMakeCache.txt" ||
		fail "$opt choices: want $vals, have $(grep "^$opt-STRINGS" "$b/CMakeCache.txt")"
	n=$((n + 1))
done <"$T/expected"
have=$(grep -c '^HARDENING_[A-Z_]*:STRING=' "$b/CMakeCache.txt")
[ "$have" -eq "$n" ] || fail "$have HARDENING_* options for $n features"

# The summary: one line per feature.
awk '$1 == "feature" { print $2 }' "$S/catalog/features.txt" >"$T/features"
while read -r f; do
	n=$(grep -c -- "^--   $f\\( \\|\$\\)" "$log")
	[ "$n" = 1 ] || { grep -- "^--   $f\\( \\|\$\\)" "$log"; fail "$f: $n summary lines, not 1"; }
	grep -q -- "^--   $f - $(report_state "$r" "$f"): " "$log" ||
		fail "$f: its line lacks its state"
done <"$T/features"
grep -qx -- '-- Hardening C (level standard)' "$log" || fail "no start line of the summary"
grep -q -- '^-- Hardening C (level standard) - [0-9]* features present$' "$log" ||
	fail "no end line of the summary"

# The first configure probes.
grep -q 'Probing hardening flags (C) - done' "$log" || fail "first configure did not probe"
[ "$(report_key "$r" runs)" = "$standard_runs" ] || fail "first configure: runs=$(report_key "$r" runs), want $standard_runs"
# Compiles name the catalog's programs, assemblies and links the scratch
# directory's assembly and objects (a link may end with the libraries a
# proof needs, -lm for as-needed).
n=$(grep -c -e "$S/catalog/" -e '/harden-flags\.[^/]*/b[0-9]*\.o\( -l[a-z]*\)*$' -e '/harden-flags\.[^/]*/b[0-9_a-z]*\.s$' "$T/cc.runs")
[ "$n" -eq "$standard_runs" ] || fail "the wrapper saw $n runs on the catalog's programs, the report says $standard_runs"
report_expect "$r" bind-now "on yes"
cp "$T/cc.runs" "$T/runs1"
cp "$b/CMakeFiles/harden/probe.log" "$T/log1"
cp "$r" "$T/report1"
touch "$T/stamp"
sleep 1

# Reconfigures with unchanged inputs.
run "$T/re1.log" cmake "$b"
grep -q 'Probing hardening flags' "$T/re1.log" && fail "probes ran again"
grep -q 'stack-protector - on: strong: -fstack-protector-strong (cached)$' "$T/re1.log" || fail "stack-protector not cached"
grep -q 'pie - on: -fPIE -pie (cached)$' "$T/re1.log" || fail "pie not cached"
grep -q 'auto-var-init - off: not in level standard (cached)$' "$T/re1.log" || fail "auto-var-init not cached"
newer=$(find "$b/CMakeFiles/harden" -type f -newer "$T/stamp")
[ -z "$newer" ] || fail "scratch files rewritten: $newer"
[ "$(report_key "$r" runs)" = 0 ] || fail "runs=$(report_key "$r" runs) from the cache"
grep -v '^runs=' "$T/report1" >"$T/r1"
grep -v '^runs=' "$r" >"$T/r2"
cmp -s "$T/r1" "$T/r2" || { diff "$T/r1" "$T/r2"; fail "report changed"; }
run "$T/re2.log" cmake "$b" -DBUILD_TESTING=OFF
cmp -s "$T/cc.runs" "$T/runs1" || { diff "$T/runs1" "$T/cc.runs"; fail "a reconfigure ran the compiler"; }
cmp -s "$b/CMakeFiles/harden/probe.log" "$T/log1" || fail "probe.log changed: the driver ran"
[ "$(report_key "$r" runs)" = 0 ] || fail "cached: runs=$(report_key "$r" runs), want 0"
report_expect "$r" stack-protector "on strong"
grep -q 'Probing hardening flags' "$T/re2.log" && fail "the probe step ran"

# A changed input.
run "$T/re3.log" cmake "$b" -DCMAKE_C_FLAGS=-g
grep -q "Probing hardening flags (C) - done (C: $standard_runs compiler runs)" "$T/re3.log" || fail "a changed CMAKE_C_FLAGS did not probe again"
[ "$(report_key "$r" runs)" = "$standard_runs" ] || fail "after the change: runs=$(report_key "$r" runs)"
cmp -s "$T/cc.runs" "$T/runs1" && fail "the new probe did not run the compiler"

# The linker flags are an input too.
run "$T/re4.log" cmake "$b" -DCMAKE_EXE_LINKER_FLAGS=-Wl,-z,lazy
grep -q 'Probing hardening flags' "$T/re4.log" || fail "probes did not re-run after the linker flags changed"
report_expect "$r" bind-now "builder off"
[ "$(report_reason "$r" bind-now)" = "set by the builder (-Wl,-z,lazy); absent" ] ||
	fail "unexpected reason: $(report_reason "$r" bind-now)"
case " $(report_key "$r" ldflags) " in
*" -Wl,-z,now "*) fail "-Wl,-z,now still added: $(report_key "$r" ldflags)" ;;
esac
report_expect "$r" relro "on yes"
exit 0
