#!/bin/sh
# A reconfigure with unchanged inputs runs no compiler: with CC a wrapper
# that records every run, the first configure runs it (CMake's checks and
# the driver's 9 runs), reconfigures (plain, and with an option that is no
# input of the detection) run it not once, the report says runs=0 and
# probe.log is untouched.  Changing an input (CMAKE_C_FLAGS) runs the
# driver again.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja

cat >"$T/cc" <<EOT
#!/bin/sh
echo "\$*" >>"$T/cc.runs"
exec gcc "\$@"
EOT
chmod +x "$T/cc"
b=$T/build
CC=$T/cc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
r=$b/harden-report.txt
[ "$(report_key "$r" runs)" = 9 ] || fail "first configure: runs=$(report_key "$r" runs), want 9"
# Compiles name the catalog's programs, assemblies and links the scratch
# directory's assembly and objects (a link may end with the libraries a
# proof needs, -lm for as-needed).
n=$(grep -c -e "$S/catalog/" -e '/harden-flags\.[^/]*/b[0-9]*\.o\( -l[a-z]*\)*$' -e '/harden-flags\.[^/]*/b[0-9_a-z]*\.s$' "$T/cc.runs")
[ "$n" -eq 9 ] || fail "the wrapper saw $n runs on the catalog's programs, the report says 9"
cp "$T/cc.runs" "$T/runs1"
cp "$b/CMakeFiles/harden/probe.log" "$T/log1"

run "$T/re1.log" cmake "$b"
run "$T/re2.log" cmake "$b" -DBUILD_TESTING=OFF
cmp -s "$T/cc.runs" "$T/runs1" || { diff "$T/runs1" "$T/cc.runs"; fail "a reconfigure ran the compiler"; }
cmp -s "$b/CMakeFiles/harden/probe.log" "$T/log1" || fail "probe.log changed: the driver ran"
[ "$(report_key "$r" runs)" = 0 ] || fail "cached: runs=$(report_key "$r" runs), want 0"
report_expect "$r" stack-protector "on strong"
grep -q 'Probing hardening flags' "$T/re2.log" && fail "the probe step ran"

run "$T/re3.log" cmake "$b" -DCMAKE_C_FLAGS=-g
grep -q 'Probing hardening flags (C) - done (C: 9 compiler runs)' "$T/re3.log" || fail "a changed CMAKE_C_FLAGS did not probe again"
[ "$(report_key "$r" runs)" = 9 ] || fail "after the change: runs=$(report_key "$r" runs)"
cmp -s "$T/cc.runs" "$T/runs1" && fail "the new probe did not run the compiler"
exit 0
