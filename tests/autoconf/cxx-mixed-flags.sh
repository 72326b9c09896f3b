# Mixed compiler families at the strict level (CC=gcc CXX=clang++, CC=clang
# CXX=g++), where each family has flags the other rejects: every C++ compile
# and link line carries no flag that only the C probe gave, every C line
# none that only the C++ probe gave, and the programs build and run.
# gcc and clang++ build the example (make V=1 check: Automake's lines, and
# Libtool's: each flag once, -fsanitize=bounds of both in HARDEN_CPPFLAGS
# and on no link, no UBSan run-time in the library); clang and g++
# build tests/autoconf/small's tally, words and tallyxx, whose lines have
# the variables of the example's Makefile.am in its order (examples/make
# with clang and g++: tests/autoconf/cxx-make.sh).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ clang clang++ readelf
for pair in gcc:clang++ clang:g++; do
	cc=${pair%:*} cxx=${pair#*:} d=$cc-$cxx
	if [ "$pair" = gcc:clang++ ]; then
		cxx_example "$d" CC="$cc" CXX="$cxx" --enable-hardening=strict
		cxx_make "$d" check
	else
		autotools_small "$d" --enable-cxx CC="$cc" CXX="$cxx" --enable-hardening=strict ||
			fail "$d: configure failed: $(tail -n 3 "$d/configure.out")"
		small_words "$d" tally words tallyxx
		mv "$d/words.out" "$d/make.out" || exit 99
		# What the example's make check runs (tests/words.sh, tests/tallyxx.sh).
		for t in words tallyxx; do
			(cd "$d" && sh "$S/examples/autotools/tests/$t.sh") >"$d.$t.out" 2>&1 ||
				fail "$d: $t does not run: $(cat "$d.$t.out")"
		done
	fi
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
	grep -q 'tallyxx-tally\.o' "$d.c-lines" || fail "$d: tallyxx's C object not built by $cc"
	for f in $(cat "$d.c-only"); do
		grep -e " $f\$" -e " $f " "$d.cxx-lines" && fail "$d: the C flag $f on a $cxx line"
	done
	for f in $(cat "$d.cxx-only"); do
		grep -e " $f\$" -e " $f " "$d.c-lines" && fail "$d: the C++ flag $f on a $cc line"
		grep -q -e " $f\$" -e " $f " "$d.cxx-lines" || fail "$d: the C++ flag $f on no $cxx line"
	done
	if [ "$pair" = gcc:clang++ ]; then
		# Automake and libtool: each flag once on every link libtool runs,
		# -fsanitize=bounds (the same in both) in HARDEN_CPPFLAGS, on no
		# link, and no UBSan run-time in the library though each family's
		# trap flag differs (no -Wc, copy needed).
		grep -h '^libtool: link: ' "$d.c-lines" "$d.cxx-lines" | grep -v -e ' -c ' -e ' ln -s ' >"$d.links"
		[ "$(wc -l <"$d.links")" -ge 4 ] || fail "$d: not 4 links: $(cat "$d.links")"
		while IFS= read -r line; do
			dup=$(printf '%s\n' $line | grep -x -F -f "$d.c" -f "$d.cxx" | sort | uniq -d)
			[ -z "$dup" ] || fail "$d: twice on a link line: $dup: $line"
			case " $line " in *" -fsanitize=bounds "*) fail "$d: -fsanitize=bounds on a link: $line" ;; esac
		done <"$d.links"
		subst "$d" HARDEN_CPPFLAGS | grep -q -- '-fsanitize=bounds' || fail "$d: HARDEN_CPPFLAGS: $(subst "$d" HARDEN_CPPFLAGS)"
		readelf -dW "$d"/.libs/libtally.so >"$d.dyn" || fail "$d: no .libs/libtally.so"
		grep -q 'NEEDED.*ubsan' "$d.dyn" && fail "$d: libtally.so needs the UBSan run-time"
	fi
	echo "$d: C only: $(echo $(cat "$d.c-only")); C++ only: $(echo $(cat "$d.cxx-only"))"
done
echo ok
