# Shared helpers of the catalog tests that make doc/features.md's tables
# (sourced by tests/catalog/NAME.sh; not a test itself).
#   catalog_where_awk   the awk function where(REQUIRES): a feature row's
#                       preconditions in words ("ELF, with `relro`"), for
#                       the "where" column of both tables
#   generated_mode, generated_text   a page's text made by a script: its
#                       --write and --print, and the test that it is fresh

# shellcheck disable=SC2016 # awk text, and Markdown's backquotes
catalog_where_awk='
function where(req,   n, r, i, w, x) {
	n = split(req, r, ",")
	w = ""
	for (i = 1; i <= n; i++) {
		x = r[i]
		if (x == "format=elf") x = "ELF"
		else if (x == "format=pe") x = "PE"
		else if (x == "arch=x86") x = "x86"
		else if (x == "arch=aarch64") x = "aarch64"
		else if (x == "ptr=64") x = "64-bit"
		else if (x == "lang=c++") x = "C++"
		else if (x == "lang=c") x = "C"
		else if (x == "libc=glibc") x = "glibc"
		else if (x == "optimize") x = "-O1 or more"
		else if (x == "no-sanitizer") x = "no sanitizer"
		else if (x ~ /^needs=/) x = "with `" substr(x, 7) "`"
		else continue
		w = w (w == "" ? "" : ", ") x
	}
	return w == "" ? "any" : w
}'

# generated_mode [--write | --print]: mode is test (the default), write or
# print, for a script that makes a page's text (tests/catalog/NAME.sh).
generated_mode() {
	case ${1-} in
	'') mode=test ;;
	--write) mode=write ;;
	--print) mode=print ;;
	*) echo "usage: sh tests/catalog/${0##*/} [--write | --print]" >&2; exit 2 ;;
	esac
}

# generated_text PAGE BEGIN END TEXT WHAT [HINT]: the lines of the file TEXT
# go between PAGE's marker lines BEGIN and END (which stay).  Mode print
# prints TEXT, write rewrites PAGE, test fails when PAGE differs, showing
# how, saying WHAT is stale and HINT ("edit FILE, then").
generated_text() {
	[ "$mode" != print ] || { cat "$4"; return 0; }
	grep -qxF "$2" "$S/$1" && grep -qxF "$3" "$S/$1" || fail "$1 lacks the markers of its $5 ($2, $3)"
	awk -v b="$2" -v e="$3" -v t="$4" '
		$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
		$0 == e { skip = 0 }
		!skip' "$S/$1" >"$4.page" || fail "cannot make the new $1"
	if [ "$mode" = write ]; then
		cat "$4.page" >"$S/$1" || fail "cannot write $1"
		echo "$1: $5 written"
	elif ! cmp -s "$4.page" "$S/$1"; then
		diff -u "$S/$1" "$4.page" | head -n 40
		fail "$1: its $5 is stale: ${6:+$6 }run sh tests/catalog/${0##*/} --write"
	fi
}
