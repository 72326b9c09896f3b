# Mixed compiler families at the strict level (CC=gcc CXX=clang++, CC=clang
# CXX=g++), where each family has flags the other rejects: every C++ compile
# and link line (make V=1) carries no flag that only the C probe gave, every
# C line none that only the C++ probe gave, and the programs build and run.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ clang clang++
for pair in gcc:clang++ clang:g++; do
	cc=${pair%:*} cxx=${pair#*:} d=$cc-$cxx
	cxx_example "$d" CC="$cc" CXX="$cxx" --enable-hardening=strict
	cxx_make "$d" check
	flag_words "$d/harden-report.txt" >"$d.c"
	flag_words "$d/harden-report-cxx.txt" >"$d.cxx"
	comm -23 "$d.c" "$d.cxx" >"$d.c-only"
	comm -13 "$d.c" "$d.cxx" >"$d.cxx-only"
	[ -s "$d.c-only" ] && [ -s "$d.cxx-only" ] ||
		fail "$d: the probes agree on every flag, nothing to prove: $(cat "$d.c")"
	compiler_lines "$d/make.out" "$cc" >"$d.c-lines"
	compiler_lines "$d/make.out" "$cxx" >"$d.cxx-lines"
	grep -q 'words\.cc' "$d.cxx-lines" && grep -q 'tallyxx\.o' "$d.cxx-lines" ||
		fail "$d: no $cxx lines for words and tallyxx"
	grep -q 'src/tallyxx-tally\.o' "$d.c-lines" || fail "$d: tallyxx's C object not built by $cc"
	for f in $(cat "$d.c-only"); do
		grep -e " $f\$" -e " $f " "$d.cxx-lines" && fail "$d: the C flag $f on a $cxx line"
	done
	for f in $(cat "$d.cxx-only"); do
		grep -e " $f\$" -e " $f " "$d.c-lines" && fail "$d: the C++ flag $f on a $cc line"
		grep -q -e " $f\$" -e " $f " "$d.cxx-lines" || fail "$d: the C++ flag $f on no $cxx line"
	done
	echo "$d: C only: $(echo $(cat "$d.c-only")); C++ only: $(echo $(cat "$d.cxx-only"))"
done
echo ok
