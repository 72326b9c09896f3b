#!/bin/sh
# tests/run: after the others
# The toolchain matrix table of doc/toolchains.md ("Toolchain matrix"), made from the
# results the toolchain scripts of tests/matrix/ wrote in this run of
# tests/run ($HARDEN_RESULTS/NAME.results; tests/run starts this script when
# every other one has ended).  Fails
# when a toolchain's results are missing (its test did not run in this run),
# when a toolchain's test failed (a false claim: a feature said to be on that
# is not proven in its binaries, frontends that disagree, ...), or when the
# table differs from the one in doc/toolchains.md between the matrix markers.
#
#	sh tests/matrix/zz-table.sh --write    runs the matrix (sh tests/run
#	                                       tests/matrix/*.sh) and rewrites
#	                                       doc/toolchains.md's table from it
#	HARDEN_RESULTS=DIR sh tests/matrix/zz-table.sh --write | --print
#	                                       rewrites it, or prints the table,
#	                                       from the results in DIR (a run
#	                                       kept with HARDEN_TEST_KEEP=1:
#	                                       DIR is its results directory)
: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
export HARDEN_SRCDIR
if [ "$1" = --write ] && [ -z "$HARDEN_RESULTS" ]; then
	HARDEN_MATRIX_WRITE=1 exec sh "$HARDEN_SRCDIR/tests/run" "$HARDEN_SRCDIR"/tests/matrix/*.sh
fi
mode='test'
case $1 in
--write) mode='write' ;;
--print) mode='print' ;;
'') [ "$HARDEN_MATRIX_WRITE" = 1 ] && mode='write' ;;
*) echo "usage: sh tests/matrix/zz-table.sh [--write | --print]" >&2; exit 2 ;;
esac
. "$HARDEN_SRCDIR/tests/lib.sh"
R=$HARDEN_RESULTS
README=$S/doc/toolchains.md
begin='<!-- matrix:begin -->'
end='<!-- matrix:end -->'

[ -n "$R" ] || fail "HARDEN_RESULTS is not set: the matrix tests write their results there, run them first (sh tests/run tests/matrix/*.sh)"

# The toolchains: one script each in tests/matrix/, or the C toolchain of
# a C++ one (its mx_c_name=), in this order in the table (the native gcc,
# its linkers, clang, other C libraries and compilers, cross compilers),
# then any other in name order; the C++ toolchains (cxx-*) have a table of
# their own.
order="gcc gcc-11 gcc-gold gcc-lld gcc-mold clang clang-19 clang-lld musl-gcc tcc aarch64-gcc mingw"
order="$order cxx-gcc cxx-gcc-11 cxx-clang cxx-clang-19-libcxx cxx-gcc-clang cxx-clang-gcc"
all=
for t in "$S"/tests/matrix/*.sh; do
	n=$(basename "$t" .sh)
	case $n in lib | zz-*) continue ;; esac
	all="$all $n $(sed -n 's/.* mx_c_name=\([^ ]*\).*/\1/p' "$t")"
done
toolchains=
for n in $order; do
	case " $all " in *" $n "*) toolchains="$toolchains $n" ;; esac
done
for n in $all; do
	case " $order " in *" $n "*) ;; *) toolchains="$toolchains $n" ;; esac
done
c_toolchains= cxx_toolchains=
for n in $toolchains; do
	case $n in cxx-*) cxx_toolchains="$cxx_toolchains $n" ;; *) c_toolchains="$c_toolchains $n" ;; esac
done
missing= failed=
for n in $toolchains; do
	if [ ! -f "$R/$n.results" ]; then
		missing="$missing $n"
	elif ! grep -q '^status	pass	' "$R/$n.results"; then
		failed="$failed $n"
	fi
done
[ -z "$missing" ] || [ "$mode" = print ] ||
	fail "no results of tests/matrix/{$(echo $missing | tr ' ' ,)}.sh in $R: the matrix tests did not run in this run of tests/run (run sh tests/run tests/matrix/*.sh)"

# table TOOLCHAINS WHAT: the Markdown of one table.  Rows: the features of
# a level in catalog order; columns: the toolchains.  A standard feature shows its
# state at the standard level, a strict one at the strict level (and a
# standard feature whose state differs at the strict level shows both); a
# feature of no level (request: nodlopen), requested in the strict builds
# only, its state there, labelled so.
# WHAT names the files the claims are proven on.
table() {
	awk -F '\t' -v toolchains="$1" -v what="$2" -v catalog="$S/catalog/features.txt" '
	function cell(k,   s, v, r, c, x) {
		if (!(k in state)) return "?"
		s = state[k]; v = value[k]; r = reason[k]
		if (s == "on") c = (v == "yes" || v == "-") ? "✓" : "✓ " v
		else if (s == "unsupported") c = "✗"
		else c = s
		if (r != "-" && r != "") c = c " (" ref(r) ")"
		if (proof[k] ~ /^FALSE/) { c = c " **FALSE**"; x = k; gsub(SUBSEP, " ", x); falses[++nfalse] = x ": " proof[k] }
		return c
	}
	function ref(r) {
		if (!(r in refno)) { refno[r] = ++nref; refs[nref] = r }
		return refno[r]
	}
	function md(s) { gsub(/\|/, "\\|", s); return s }
	BEGIN {
		nt = split(toolchains, tc, " ")
		while ((getline l < catalog) > 0) {
			split(l, w, " ")
			if (w[1] != "feature") continue
			feat[++nf] = w[2]; lvl[w[2]] = w[3]; label[w[2]] = "`" w[2] "`"
			if (w[3] == "request") { lvl[w[2]] = "strict"; label[w[2]] = label[w[2]] " (on request, strict runs)"; nreq++ }
		}
	}
	FNR == 1 { t = FILENAME; sub(/.*\//, "", t); sub(/\.results$/, "", t) }
	$1 == "toolchain" { cc[t] = $3; ld[t] = $4 }
	$1 == "built" { built[t] = ($2 ~ / / ? "all four" : $2) }
	$1 == "feature" { k = t SUBSEP $2 SUBSEP $3; state[k] = $4; value[k] = $5; reason[k] = $7; proof[k] = $8 }
	END {
		printf "| feature |"; for (i = 1; i <= nt; i++) printf " %s |", tc[i]; print ""
		printf "|---|"; for (i = 1; i <= nt; i++) printf "---|"; print ""
		for (j = 1; j <= nf; j++) {
			f = feat[j]
			printf "| %s |", label[f]
			for (i = 1; i <= nt; i++) {
				c = cell(tc[i] SUBSEP lvl[f] SUBSEP f)
				if (lvl[f] == "standard" && (tc[i] SUBSEP "strict" SUBSEP f) in state) {
					c2 = cell(tc[i] SUBSEP "strict" SUBSEP f)
					if (c2 != c) c = c "; strict: " c2
				}
				printf " %s |", md(c)
			}
			print ""
		}
		print ""
		print "✓: on, proven in " what " (✓ VALUE: that value); ✗: unsupported;"
		# A flag of shared libraries: the C++ programs can show its absence only.
		if (nreq) print "on request, strict runs: in no level, requested in the strict builds only; a flag of shared libraries: proven on the library" \
			(what ~ /library/ ? ", and absent from the program;" : " of the C run, and absent from both programs;")
		print "(N): the reason the report gives:"
		print ""
		for (i = 1; i <= nref; i++) {
			r = refs[i]
			if (r !~ /`/) r = "`" r "`"
			printf "%d. %s\n", i, r
		}
		print ""
		printf "Toolchains (built by):"
		for (i = 1; i <= nt; i++)
			printf "%s `%s`: `%s`%s (%s)", (i > 1 ? ";" : ""), tc[i], cc[tc[i]], (ld[tc[i]] != "-" ? " `LDFLAGS=" ld[tc[i]] "`" : ""), built[tc[i]]
		print "."
		print "Built by make: built and proven through the plain Makefile (`harden-flags`) at both levels, the Autoconf,"
		print "Meson and CMake reports of the same toolchain compared with it at the strict level; all four: also built"
		print "and proven through each of the other frontends at the strict level."
		for (i = 1; i <= nfalse; i++) print "FALSE CLAIM " falses[i] > "/dev/stderr"
	}' $(for n in $1; do [ -f "$R/$n.results" ] && echo "$R/$n.results"; done)
}

# tables: the C table, and the C++ one between markers of its own.
tables() {
	table "$c_toolchains" "the program and the library" || return
	[ -n "$cxx_toolchains" ] || return 0
	printf '\n%s\n\n' "$cxx_intro"
	table "$cxx_toolchains" '`words` and `tallyxx`'
}
cxx_intro='C++ (`tests/matrix/cxx-*.sh`): the example with its C++ programs too, `words` (C++ only) and
`tallyxx` (C++ with the C object of `tally.c`), the C++ reports (`--lang=c++`, `CXX` and
`CXXFLAGS`) of the four frontends the same, every claim proven on both programs as above, and
`stdlib-hardening` by `words` reading past the end of a vector: it aborts (libstdc++) or traps
(libc++), and the same source built without the feature'"'"'s flags does not.'

tables >"$T/table.md" 2>"$T/false-claims" || fail "cannot make the table"
if [ "$mode" = print ]; then
	cat "$T/table.md" "$T/false-claims"
	exit 0
fi
cat "$T/table.md"
echo
# How long each toolchain took, and the failures.
for n in $toolchains; do
	[ -f "$R/$n.results" ] || continue
	awk -F '\t' -v n="$n" '$1 == "status" { printf "%-12s %-4s %4ss\n", n, $2, $3 }' "$R/$n.results"
done
if [ -s "$T/false-claims" ] || [ -n "$failed" ]; then
	cat "$T/false-claims"
	for n in $failed; do
		sed -n 's/^problem	\([^	]*\)	\([^	]*\)	/'"$n"' \1 \2: /p' "$R/$n.results" | head -n 20
	done
	fail "the matrix has false claims or failures (toolchains:${failed:- none}); the table is not checked or written until they are fixed"
fi

grep -qx "$begin" "$README" && grep -qx "$end" "$README" || fail "doc/toolchains.md has no $begin ... $end section"
awk -v b="$begin" -v e="$end" '$0 == e { on = 0 } on { print } $0 == b { on = 1 }' "$README" >"$T/readme-table.md"
if cmp -s "$T/table.md" "$T/readme-table.md"; then
	echo "doc/toolchains.md's table is up to date"
	exit 0
fi
if [ "$mode" = write ]; then
	awk -v b="$begin" -v e="$end" -v t="$T/table.md" '
		$0 == e { while ((getline l < t) > 0) print l; on = 0 }
		!on { print }
		$0 == b { on = 1 }' "$README" >"$T/README.new" || fail "cannot write the new README"
	cat "$T/README.new" >"$README" || fail "cannot write $README"
	echo "doc/toolchains.md's table rewritten"
	exit 0
fi
diff "$T/readme-table.md" "$T/table.md"
fail "doc/toolchains.md's toolchain matrix is stale (diff above: < doc/toolchains.md, > this run): sh tests/matrix/zz-table.sh --write"
