# Helpers of the tests/cost scripts (sourced; not a test itself): the
# shared tests/lib.sh, plus
#   cost_tool            builds tools/harden-cost (-Werror) once; sets HC
#   tiny_project DIR     a one-file plain-Makefile project (the --make form)
#   cost_make SRCDIR ... harden-cost --make with this tree's catalog and
#                        catalog/harden-flags
#   json_get FILE EXPR   evaluates a Python expression on the parsed JSON (j)
. "$(dirname "$0")/../lib.sh"

cost_tool() {
	need make cc
	_key=$(cat "$S"/tools/cost/* "$S"/tools/lib/* \
		"$S"/tools/Makefile | cksum | sed 's/ .*//')
	_dir="${TMPDIR:-/tmp}/harden-test-cost-$_key"
	if [ ! -x "$_dir/harden-cost" ]; then
		rm -rf "$_dir.tmp"
		run "$T/make.log" make -C "$S/tools" O="$_dir.tmp" \
			CFLAGS="-O2 -g -Wall -Wextra -Werror" "$_dir.tmp/harden-cost"
		rm -rf "$_dir" && mv "$_dir.tmp" "$_dir" || fail "cannot cache harden-cost"
	fi
	HC=$_dir/harden-cost
}

tiny_project() {
	mkdir -p "$1"
	cat >"$1/hello.c" <<'EOC'
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char buf[64];

	strcpy(buf, argc > 1 ? argv[1] : "hello");
	puts(buf);
	return 0;
}
EOC
	printf 'hello: hello.c\n\t$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ hello.c\n' >"$1/Makefile"
}

json_get() {
	python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$1" "$2"
}

cost_make() {
	_src=$1
	shift
	"$HC" --make "$_src" --catalog "$S/catalog" \
		--harden-flags "$S/catalog/harden-flags" "$@"
}
