#!/bin/sh
# With C and C++, the two probes run at the same time, and a reconfigure
# with unchanged inputs runs neither: with CC and CXX wrappers that record
# each run on the probes (and when it started), the first configure runs both drivers'
# compiler runs, interleaved in time; reconfigures run no compiler and both
# reports say runs=0; a changed CMAKE_CXX_FLAGS probes C++ again, and C
# stays cached.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++

for w in gcc g++; do
	cat >"$T/$w" <<EOT
#!/bin/sh
case " \$* " in *" $S/catalog/"* | *"/harden-flags."*) echo "\$(date +%s%N) \$*" >>"$T/$w.runs" ;; esac
exec $w "\$@"
EOT
	chmod +x "$T/$w"
done
b=$T/build
CC=$T/gcc CXX=$T/g++ cxx_example "$b"
c=$b/harden-report.txt x=$b/harden-report-cxx.txt
grep -q 'Probing hardening flags (C, C++) - done (C: 9, C++: 9 compiler runs)' "$b.configure.log" ||
	fail "not one probe step for both: $(grep Probing "$b.configure.log")"
[ "$(wc -l <"$T/gcc.runs")" -ge 5 ] && [ "$(wc -l <"$T/g++.runs")" -ge 5 ] || fail "too few runs on the probes"
# Concurrent: each language's first probe run precedes the other's last.
first() { sort -n "$1" | sed -n '1s/ .*//p'; }
last() { sort -n "$1" | sed -n '$s/ .*//p'; }
[ "$(first "$T/gcc.runs")" -lt "$(last "$T/g++.runs")" ] && [ "$(first "$T/g++.runs")" -lt "$(last "$T/gcc.runs")" ] ||
	fail "the C and C++ probes ran one after the other"
cp "$T/gcc.runs" "$T/c1"
cp "$T/g++.runs" "$T/x1"

run "$T/re1.log" cmake "$b"
run "$T/re2.log" cmake "$b" -DBUILD_TESTING=OFF
cmp -s "$T/gcc.runs" "$T/c1" && cmp -s "$T/g++.runs" "$T/x1" || fail "a reconfigure ran a compiler on the probes"
grep -q 'Probing hardening flags' "$T/re2.log" && fail "the probe step ran"
for r in "$c" "$x"; do
	[ "$(report_key "$r" runs)" = 0 ] || fail "cached: $r says runs=$(report_key "$r" runs)"
done
grep -q 'stdlib-hardening - on: assertions: -D_GLIBCXX_ASSERTIONS (cached)$' "$T/re2.log" || fail "no cached C++ summary"

run "$T/re3.log" cmake "$b" -DCMAKE_CXX_FLAGS=-g
grep -q 'Probing hardening flags (C++) - done (C++: 9 compiler runs)' "$T/re3.log" || fail "a changed CMAKE_CXX_FLAGS did not probe C++ alone"
cmp -s "$T/gcc.runs" "$T/c1" || fail "the C probes ran again"
cmp -s "$T/g++.runs" "$T/x1" && fail "the C++ probes did not run"
[ "$(report_key "$c" runs)" = 0 ] && [ "$(report_key "$x" runs)" = 9 ] || fail "runs: C $(report_key "$c" runs), C++ $(report_key "$x" runs)"
exit 0
