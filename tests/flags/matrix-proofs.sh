# The toolchain matrix's proof oracle (tests/matrix/prove, which the matrix
# runs on every claim of every toolchain) refuses a file that lacks the
# property, for each kind of proof it makes on ELF files: a symbol (canary,
# fortify), the ELF headers and dynamic section (PIE, RELRO, BIND_NOW, the
# stack), the code (endbr64 of cf-protection), the flags in each unit's
# DW_AT_producer (code generation) and the commands of the build log (link
# and compile flags that leave no mark).  The example is built once with
# the strict report's flags (every proof passes), then once per claim of
# the report with the catalog's off flags of that feature after them.  nodlopen has its own
# test (matrix-nodlopen-proof.sh).
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
need gcc readelf objdump
src=$S/examples/autotools/src
mx_cflags='-O2 -g -grecord-gcc-switches'
CC=gcc CFLAGS=$mx_cflags sh "$S/catalog/harden-flags" --level=strict --report >strict.report 2>report.err ||
	fail "harden-flags --level=strict: $(cat report.err)"

# build NAME [EXTRA...]: prog and libtally.so in NAME/ with the report's
# flags, then EXTRA on the program's commands (after them: it undoes one;
# the program is the file a refusal is asked of); the commands in
# NAME/build.log as make -n would print them.
build() {
	_n=$1
	shift
	mkdir -p "$_n" || exit 99
	_cc="$(report_key strict.report cppflags) $(report_key strict.report cflags) $mx_cflags"
	_ld="$(report_key strict.report ldflags) $mx_cflags"
	# shellcheck disable=SC2086 # lists of flags
	set -- \
		"gcc $_cc -fPIC -c -o $_n/tally.o $src/tally.c" \
		"gcc $_cc $(report_key strict.report exe_cflags) $* -c -o $_n/main.o $src/main.c" \
		"gcc $_ld -shared -o $_n/libtally.so $_n/tally.o" \
		"gcc $_ld $(report_key strict.report exe_ldflags) $* -o $_n/tally $_n/main.o -L$_n -ltally"
	for _c in "$@"; do
		echo "$_c" >>"$_n/build.log"
		$_c >>"$_n/build.out" 2>&1 || fail "$_n: $_c: $(tail -n 3 "$_n/build.out")"
	done
}

# proves FEATURE DIR WANT: mx_prove's verdict (0 proven, 1 not) on both
# files of DIR must be WANT; the words it printed go to the log.
proves() {
	for _k in prog lib; do
		if [ $_k = prog ]; then _f=$2/tally; else _f=$2/libtally.so; fi
		_why=$(mx_prove "$1" "$_f" "$_k" strict.report "$2/build.log")
		_rc=$?
		note "$1 $2 $_k: $_rc: $_why"
		[ "$_rc" = "$3" ] || fail "mx_prove $1 on $_f ($_k): status $_rc, not $3 ($_why)"
		# One file without the property is enough: the program.
		[ "$3" = 1 ] && return 0
	done
}

# Every claim of the strict report holds on the good build.
build good
for f in $(awk '$1 == "feature" && $3 == "on" { print $2 }' strict.report); do
	proves "$f" good 0
done

# Each claim undone by the catalog's off flags of the feature, after the
# report's: the oracle must refuse that program.
for f in $(awk '$1 == "feature" && $3 == "on" { print $2 }' strict.report); do
	undo=$(mx_off_flags "$f")
	[ -n "$undo" ] || fail "$f has no off row in the catalog: no way to undo it here"
	# shellcheck disable=SC2086 # the flags
	build "no-$f" $undo
	proves "$f" "no-$f" 1
done

# Flags that leave no mark in the file are proven on the build log: a log
# whose commands lack them (the good files, other commands) is refused.
for f in as-needed no-copy-dt-needed-entries format-security; do
	mkdir -p "log-$f" && cp good/tally good/libtally.so "log-$f/" || exit 99
	flags=$(mx_flags strict.report "$f")
	[ -n "$flags" ] || fail "$f has no flags in the strict report"
	awk -v f=" $flags" '{ n = split($0, w, " "); l = ""; for (i = 1; i <= n; i++) if (index(f " ", " " w[i] " ") == 0) l = l (l == "" ? "" : " ") w[i]; print l }' \
		good/build.log >"log-$f/build.log"
	proves "$f" "log-$f" 1
done
echo ok
