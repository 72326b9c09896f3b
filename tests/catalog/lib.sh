# Shared helpers of the catalog tests that make doc/features.md's tables
# (sourced by tests/catalog/NAME.sh; not a test itself).
#   catalog_where_awk   the awk function where(REQUIRES): a feature row's
#                       preconditions in words ("ELF, with `relro`"), for
#                       the "where" column of both tables

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
