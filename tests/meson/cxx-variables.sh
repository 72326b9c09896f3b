#!/bin/sh
# The variables of the three pairs of dependencies in a mixed project
# (gcc with clang++, strict): harden-c's and harden-cpp's are the lines of
# their reports (and report names the report); harden's lists are the
# tagged flags of the features whose "flags" lines agree in both reports,
# its audit_expect the features of both lists among them.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang++
meson_parent_cxx_with_copy "$T/p"
cat >>"$T/p/meson.build" <<'EOW'
lines = []
foreach name : ['harden-c', 'harden-c-exe', 'harden-cpp', 'harden-cpp-exe', 'harden', 'harden-exe']
  d = dependency(name)
  foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'audit_expect', 'languages', 'report']
    lines += name + ' ' + v + '=' + d.get_variable(v, default_value: '')
  endforeach
endforeach
conf = configuration_data()
conf.set('V', '\n'.join(lines))
configure_file(input: 'vars.in', output: 'vars.txt', configuration: conf)
EOW
echo '@V@' >"$T/p/vars.in"
CC=gcc CXX=clang++ meson_setup "$T/p" "$T/b" --buildtype=release -Dharden:hardening=strict
lists="cppflags cflags exe_cflags ldflags exe_ldflags audit_expect"
# want NAME REPORT LANGUAGES: the lines vars.txt must have for NAME.
want() {
	for k in $lists; do echo "$1 $k=$(report_key "$2" $k)"; done
	echo "$1 languages=$3"
	echo "$1 report=$2"
}
c=$(meson_report "$T/b") cxx=$(meson_report "$T/b" -cxx)
for d in harden-c harden-c-exe; do want $d "$c" c; done >"$T/want"
for d in harden-cpp harden-cpp-exe; do want $d "$cxx" cpp; done >>"$T/want"
# The shared features, from both reports' flags lines, the lists as the
# report makes them from the tags (catalog/README.md).
awk '$1 == "flags" { if (FILENAME == ARGV[1]) c[$2] = $0; else if (c[$2] == $0) print }' "$c" "$cxx" >"$T/shared"
# audit_expect: in both reports' lists, and shared.
audit=$(for f in $(report_key "$c" audit_expect | tr , ' '); do
	echo ",$(report_key "$cxx" audit_expect)," | grep -q ",$f," && grep -q "^flags $f\( \|\$\)" "$T/shared" && echo "$f"
done | paste -sd, -)
for d in harden harden-exe; do
	for k in cppflags cflags exe_cflags ldflags exe_ldflags; do
		printf '%s %s=' $d $k
		awk -v k=$k '{ for (i = 3; i <= NF; i++) { t = $i; sub(/:.*/, "", t); f = substr($i, length(t) + 2)
			if ((k == "cppflags" && t == "cpp") || (k == "cflags" && (t == "cc" || t == "cc+ld")) ||
			    (k == "exe_cflags" && t == "exe-cc") || (k == "ldflags" && (t == "ld" || t == "cc+ld")) ||
			    (k == "exe_ldflags" && t == "exe-ld")) { printf "%s%s", sep, f; sep = " " } } }
			END { print "" }' "$T/shared"
	done
	echo "$d audit_expect=$audit"
	echo "$d languages=c cpp"
	echo "$d report=$c"
done >>"$T/want"
diff "$T/want" "$T/b/vars.txt" || fail "the dependencies' variables differ from the reports"
grep -q '^harden cflags=.*-fzero-call-used-regs' "$T/b/vars.txt" && fail "harden has gcc's strict flag"
grep -q '^harden-c cflags=.*-fzero-call-used-regs' "$T/b/vars.txt" || fail "harden-c lacks gcc's strict flag"
echo ok
