# Shared helpers for the test scripts (sourced by tests/AREA/NAME.sh).
# Every script runs with HARDEN_SRCDIR = the source tree and HARDEN_TMPDIR =
# an empty scratch directory (both set by tests/run; defaulted here so a
# script also runs on its own).

: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${HARDEN_TMPDIR:=$(mktemp -d)}"
export LC_ALL=C
cd "$HARDEN_TMPDIR" || exit 99

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "-- $*"; }

# need TOOL...: a core tool that .ci/run installs; missing means a broken setup.
need() {
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || fail "$t is not installed (.ci/run installs it)"
	done
}

# ELF facts of FILE, read with readelf.
elf_type()      { readelf -h "$1" | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p'; }
elf_is_pie()    { [ "$(elf_type "$1")" = DYN ] && readelf -d "$1" | grep -q 'FLAGS_1.* PIE'; }
elf_has_interp(){ readelf -lW "$1" | grep -q '^ *INTERP '; }
elf_has_relro() { readelf -lW "$1" | grep -q GNU_RELRO; }
elf_has_now()   { readelf -dW "$1" | grep -q -e '(BIND_NOW)' -e 'FLAGS.*[ :]NOW' -e '(FLAGS) *BIND_NOW'; }
elf_nx_stack()  { readelf -lW "$1" | grep GNU_STACK | grep -q ' RW '; }
elf_exec_stack(){ readelf -lW "$1" | grep GNU_STACK | grep -q ' RWE '; }
elf_has_sym()   { readelf -W --dyn-syms -s "$1" | grep -q -e " $2@" -e " $2\$"; }
elf_has_chk()   { readelf -W --dyn-syms "$1" | grep -v __stack_chk | grep -q ' __[a-z0-9_]*_chk@'; }

# autotools_example DIR [CONFIGURE-ARGS...]: copies examples/autotools with
# m4/harden.m4 into DIR and runs autoreconf (cached across tests, since
# the inputs rarely change) and configure.  configure's output is in
# DIR/configure.out; returns configure's exit status.
autotools_example() {
	dir=$1; shift
	need autoreconf automake libtoolize
	key=$(cat "$HARDEN_SRCDIR/m4/harden.m4" "$HARDEN_SRCDIR"/examples/autotools/configure.ac \
		"$HARDEN_SRCDIR"/examples/autotools/Makefile.am | cksum | sed 's/ .*//')
	cache="${TMPDIR:-/tmp}/harden-test-autoreconf-$key"
	if [ ! -f "$cache/configure" ]; then
		rm -rf "$cache.tmp" && mkdir -p "$cache.tmp" &&
		cp -R "$HARDEN_SRCDIR/examples/autotools/." "$cache.tmp/" &&
		cp "$HARDEN_SRCDIR/m4/harden.m4" "$cache.tmp/m4/" &&
		(cd "$cache.tmp" && autoreconf -fi >autoreconf.log 2>&1) ||
			fail "autoreconf failed: $(tail -n 5 "$cache.tmp/autoreconf.log")"
		rm -rf "$cache" && mv "$cache.tmp" "$cache"
	fi
	rm -rf "$dir" && mkdir -p "$dir" && cp -R "$cache/." "$dir/" || fail "cannot copy the example"
	(cd "$dir" && ./configure "$@" >configure.out 2>&1)
}

# subst DIR VAR: the value configure substituted for VAR.
subst() { sed -n "s/^$2 = //p" "$1/Makefile"; }

# summary_state DIR FEATURE: on, off or unsupported, from the summary.
summary_state() { sed -n "s/^  $2  *\([a-z]*\) .*/\1/p; s/^  $2  *\([a-z]*\)\$/\1/p" "$1/configure.out"; }
