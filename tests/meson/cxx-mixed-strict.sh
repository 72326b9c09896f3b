#!/bin/sh
# A mixed C/C++ project with compilers of two families (gcc with clang++,
# clang with g++) at the strict level, where each family has flags the
# other rejects: it builds and runs, and in `ninja -v` every harden flag on
# a C line is in the C report, every one on a C++ line in the C++ report
# (words, C++ only, has them all; tallyxx, C++ and C, with harden-exe:
# what both share, and the C++ library's macros, inert for C, so its C++
# object has stdlib-hardening).
# With gcc and clang++, the variables of the three pairs of dependencies:
# harden-c's and harden-cpp's are the lines of their reports (and report
# names the report); harden's lists are the tagged flags of the features
# whose "flags" lines agree in both reports, and of a C++ feature whose
# flags are only macros, its audit_expect the features of both lists among
# them.  A feature on in C that C++ does not agree on (exceptions) is
# named in C's summary as harden-c's alone.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ clang clang++
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
# report_words REPORT: the flags of every list of REPORT, one a line.
report_words() {
	for k in cppflags cflags exe_cflags ldflags exe_ldflags; do
		report_key "$1" $k
	done | tr ' ' '\n' | sed '/^$/d' | sort -u
}
# check_variables BUILDDIR: the variables (vars.txt) against the reports.
check_variables() {
	lists="cppflags cflags exe_cflags ldflags exe_ldflags audit_expect"
	# want NAME REPORT LANGUAGES: the lines vars.txt must have for NAME.
	want() {
		for k in $lists; do echo "$1 $k=$(report_key "$2" $k)"; done
		echo "$1 languages=$3"
		echo "$1 report=$2"
	}
	vc=$(meson_report "$1") vx=$(meson_report "$1" -cxx)
	for d in harden-c harden-c-exe; do want $d "$vc" c; done >"$T/want"
	for d in harden-cpp harden-cpp-exe; do want $d "$vx" cpp; done >>"$T/want"
	# The shared features, from both reports' flags lines, the lists as the
	# report makes them from the tags (catalog/README.md).
	# And those of a C++ feature that are only macros (inert for C).
	cxxonly=$(awk '$1 == "feature" && $4 ~ /(^|,)lang=c\+\+(,|$)/ { print $2 }' "$S/catalog/features.txt")
	awk -v only=" $(echo $cxxonly) " '$1 == "flags" {
		if (FILENAME == ARGV[1]) { c[$2] = $0; next }
		if (c[$2] == $0) { print; next }
		if (NF < 3 || !index(only, " " $2 " ") || c[$2] !~ /^flags [^ ]+ *$/) next
		for (i = 3; i <= NF; i++) if ($i !~ /^cpp:-[DU]/) next
		print }' "$vc" "$vx" >"$T/shared"
	# audit_expect: in both reports' lists, and shared.
	audit=$(for f in $(report_key "$vc" audit_expect | tr , ' '); do
		echo ",$(report_key "$vx" audit_expect)," | grep -q ",$f," && grep -q "^flags $f\( \|\$\)" "$T/shared" && echo "$f"
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
		echo "$d report=$vc"
	done >>"$T/want"
	diff "$T/want" "$1/vars.txt" || fail "the dependencies' variables differ from the reports"
	grep -q '^harden cflags=.*-fzero-call-used-regs' "$1/vars.txt" && fail "harden has gcc's strict flag"
	grep -q '^harden-exe cppflags=.*-D_GLIBCXX_ASSERTIONS' "$1/vars.txt" ||
		fail "harden-exe lacks the C++ library's -D_GLIBCXX_ASSERTIONS (inert for C)"
	grep -q '^harden-c cflags=.*-fzero-call-used-regs' "$1/vars.txt" || fail "harden-c lacks gcc's strict flag"
	# exceptions is C only: never on a C++ line (after cpp_eh=none).
	grep -q '^harden-c cflags=.*-fexceptions' "$1/vars.txt" || fail "harden-c lacks -fexceptions"
	grep -q '^harden\(\|-exe\|-cpp\|-cpp-exe\) cflags=.*-fexceptions' "$1/vars.txt" &&
		fail "-fexceptions in a dependency of C++ targets"
	# ... and C's summary says that only harden-c carries it.
	grep -q "^harden| Message: harden: not in dependency('harden') nor -exe, -lib (the languages disagree): .*exceptions.*; only dependency('harden-c') and its -exe, -lib carry" "$1.log" ||
		fail "no note that exceptions is C's alone: $(grep 'Message: harden' "$1.log")"
}
for pair in gcc:clang++ clang:g++; do
	cc=${pair%:*} cxx=${pair#*:} b=$T/b-$cc
	CC=$cc CXX=$cxx meson_setup "$T/p" "$b" --buildtype=release -Dharden:hardening=strict
	[ $pair = gcc:clang++ ] && check_variables "$b"
	report_words "$(meson_report "$b")" >"$b.c-flags"
	report_words "$(meson_report "$b" -cxx)" >"$b.cxx-flags"
	cmp -s "$b.c-flags" "$b.cxx-flags" && fail "$pair: the C and C++ reports have the same flags (no family difference to test)"
	sort -u "$b.c-flags" "$b.cxx-flags" >"$b.all-flags"
	run "$b.ninja.log" ninja -C "$b" -v
	# Each compile or link line: the harden flags on it, against its
	# language's report (named by the compiler it runs).
	sed -n 's/^\[[0-9]*\/[0-9]*\] //p' "$b.ninja.log" | while read -r tool words; do
		case $tool in
		"$cc") lang=c ;;
		"$cxx") lang=cxx ;;
		*) continue ;;
		esac
		for w in $words; do
			case $lang:$w in	# the C++ library's macros: inert for C
			c:-D_GLIBCXX_ASSERTIONS|c:-U_LIBCPP_HARDENING_MODE|c:-D_LIBCPP_HARDENING_MODE=*) continue ;;
			esac
			grep -qxF -- "$w" "$b.all-flags" && ! grep -qxF -- "$w" "$b.$lang-flags" &&
				echo "$w (not in the $lang report) on: $tool $words"
		done
		echo "$lang"
	done >"$b.lines"
	grep ' on: ' "$b.lines" && fail "$pair: a flag of the other language's report"
	grep -qx c "$b.lines" && grep -qx cxx "$b.lines" || fail "$pair: no C or no C++ command in ninja -v"
	# tallyxx's C++ object, through harden-exe, has its library's checks.
	grep -- "-o tallyxx.p/tallyxx.cc.o " "$b.ninja.log" | grep -q -e " -D_GLIBCXX_ASSERTIONS " -e " -D_LIBCPP_HARDENING_MODE=" ||
		fail "$pair: tallyxx.cc (harden-exe) lacks the C++ report's stdlib-hardening"
	# words gets every compile flag of the C++ report, strict ones too.
	for w in $(report_key "$(meson_report "$b" -cxx)" cflags); do
		grep -- "-o words.p/words.cc.o " "$b.ninja.log" | grep -q -- " $w " || fail "$pair: $w not on the compile of words.cc"
	done
	[ "$("$b/words" <"$S/examples/meson/input.txt" | tail -n 1)" = "7 distinct" ] || fail "$pair: words does not run"
	"$b/tallyxx" <"$S/examples/meson/input.txt" >"$b.tallyxx.out" || fail "$pair: tallyxx does not run"
	"$b/tally" <"$S/examples/meson/input.txt" | cmp -s - "$b.tallyxx.out" || fail "$pair: tallyxx and tally differ"
done
echo ok
