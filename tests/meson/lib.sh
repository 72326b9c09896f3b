# Helpers sourced by tests/meson/*.sh (tests/run skips lib.sh): scratch
# set-up, a parent project that uses the harden subproject, and ELF
# assertions.  Not a test itself.

: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
if [ -z "$HARDEN_TMPDIR" ]; then
	HARDEN_TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/harden-meson.XXXXXX") || exit 2
fi
export LC_ALL=C
# shellcheck disable=SC2034 # used by the tests
T=$HARDEN_TMPDIR
SRC=$HARDEN_SRCDIR

fail() {
	echo "FAIL: $*"
	exit 1
}

# required TOOL: these are always installed in CI, so missing is a failure.
required() {
	command -v "$1" >/dev/null 2>&1 || fail "$1 is not installed"
}
required meson
required ninja
required readelf

# copy_subproject DIR: the files of the release tarball, copied into DIR.
copy_subproject() {
	mkdir -p "$1" || exit 2
	(cd "$SRC" && sh meson/dist.sh --list) | while read -r f; do
		mkdir -p "$1/$(dirname "$f")" && cp "$SRC/$f" "$1/$f" || exit 2
	done || fail "cannot copy the subproject"
}

# make_parent DIR: a project with a shared library (libtally) and a program
# (tally) from examples/autotools/src, using dependency('harden') for both
# and dependency('harden-exe') for the program.  No subprojects/ yet.
make_parent() {
	mkdir -p "$1/subprojects" || exit 2
	cp "$SRC"/examples/autotools/src/tally.h "$SRC"/examples/autotools/src/tally.c \
		"$SRC"/examples/autotools/src/main.c "$1"/ || exit 2
	cat >"$1/meson.build" <<'EOF'
project('parent', 'c', meson_version: '>=1.0.0')
harden_dep = dependency('harden')
harden_exe_dep = dependency('harden-exe')
libtally = shared_library('tally', 'tally.c', dependencies: harden_dep)
tally = executable('tally', 'main.c', link_with: libtally, dependencies: harden_exe_dep)
EOF
}

# wrap_provide DIR: a wrap that uses subprojects/harden as it is.
wrap_provide() {
	cat >"$1/subprojects/harden.wrap" <<'EOF'
[wrap-file]
directory = harden

[provide]
dependency_names = harden, harden-exe
EOF
}

# parent_with_copy DIR: make_parent plus the subproject copied in.
parent_with_copy() {
	make_parent "$1"
	copy_subproject "$1/subprojects/harden"
	wrap_provide "$1"
}

# setup SRCDIR BUILDDIR [meson args]: meson setup, failing the test on error.
setup() {
	_s=$1 _b=$2
	shift 2
	meson setup "$_b" "$_s" "$@" >"$_b.log" 2>&1 || {
		tail -n 30 "$_b.log"
		fail "meson setup $* failed"
	}
}

build() {
	ninja -C "$1" >"$1.ninja.log" 2>&1 || {
		tail -n 30 "$1.ninja.log"
		fail "ninja failed in $1"
	}
}

# report BUILDDIR: the subproject's harden-report.txt (its build directory
# is subprojects/harden, or subprojects/harden-VERSION for the tarball).
report() {
	for _r in "$1"/subprojects/harden/harden-report.txt "$1"/subprojects/harden-*/harden-report.txt; do
		[ -f "$_r" ] && { cat "$_r"; return 0; }
	done
	fail "no harden-report.txt in $1/subprojects"
}

# state BUILDDIR FEATURE: on, off or unsupported, from the report.
state() {
	report "$1" | awk -v f="$2" '$1 == "feature" && $2 == f { print $3 }'
}

# reason BUILDDIR FEATURE
reason() {
	report "$1" | awk -v f="$2" '$1 == "feature" && $2 == f { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print }'
}

# ELF assertions on a file.
elf() {
	readelf -W -h -l -d -s "$1" 2>&1
}
has_canary() {
	elf "$1" | grep -q ' __stack_chk_fail\(@\|$\)'
}
has_chk() {
	elf "$1" | grep -q ' __[a-z]*_chk\(@\|$\)'
}
elf_type() {
	readelf -W -h "$1" | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p'
}
is_pie() {
	[ "$(elf_type "$1")" = DYN ] && readelf -W -d "$1" | grep -q '(FLAGS_1).* PIE'
}
has_interp() {
	readelf -W -l "$1" | grep -q '^ *INTERP '
}
full_relro() {
	readelf -W -l "$1" | grep -q GNU_RELRO &&
		readelf -W -d "$1" | grep -q '(BIND_NOW)\|(FLAGS).*BIND_NOW\|(FLAGS_1).* NOW'
}
nx_stack() {
	readelf -W -l "$1" | grep GNU_STACK | grep ' RW ' | grep -qv RWE
}

# check_hardened_pair BUILDDIR: the program and the library of make_parent
# have every standard property, and the library is no PIE program.
check_hardened_pair() {
	_exe=$1/tally _lib=$1/libtally.so
	[ -f "$_exe" ] && [ -f "$_lib" ] || fail "tally or libtally.so not built in $1"
	for _f in "$_exe" "$_lib"; do
		has_canary "$_f" || fail "no __stack_chk_fail in $_f"
		has_chk "$_f" || fail "no fortified __*_chk call in $_f"
		full_relro "$_f" || fail "no full RELRO (GNU_RELRO + BIND_NOW) in $_f"
		nx_stack "$_f" || fail "stack not RW-only in $_f"
	done
	is_pie "$_exe" || fail "$_exe is not PIE: type $(elf_type "$_exe")"
	[ "$(elf_type "$_lib")" = DYN ] || fail "$_lib is not ET_DYN"
	has_interp "$_lib" && fail "$_lib has an INTERP header: linked with -pie"
	readelf -W -d "$_lib" | grep -q '(FLAGS_1).* PIE' && fail "$_lib has FLAGS_1 PIE"
	:
}

# check_way BUILDDIR: after setup, dependency('harden') and
# dependency('harden-exe') came from the subproject, the report exists, and
# the build gives a hardened PIE program next to a non-PIE library.
check_way() {
	grep -q 'Dependency harden found: YES.*(overridden)' "$1.log" ||
		fail "dependency('harden') did not resolve to the subproject"
	grep -q 'Dependency harden-exe found: YES.*(overridden)' "$1.log" ||
		fail "dependency('harden-exe') did not resolve to the subproject"
	report "$1" | grep -q '^feature pie ' || fail "incomplete harden-report.txt"
	build "$1"
	check_hardened_pair "$1"
}

# add_audit_test DIR: the one-line audit test of meson/README.md, appended
# to the meson.build of make_parent, on tally and libtally.
add_audit_test() {
	cat >>"$1/meson.build" <<'EOW'
test('hardening', find_program('harden-audit'), depends: [tally, libtally],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally.full_path(), libtally.full_path()])
EOW
}

# audit_expect_want BUILDDIR: the features that are on in the report and
# have an audit row in the catalog, in catalog order, comma-joined.
audit_expect_want() {
	report "$1" | awk -v cat="$SRC/catalog/features.txt" '
		BEGIN { while ((getline l < cat) > 0) { split(l, w); if (w[1] == "audit") audit[w[2]] = 1 } }
		$1 == "feature" && $3 == "on" && ($2 in audit) { printf "%s%s", sep, $2; sep = "," }
		END { print "" }'
}

# test_log BUILDDIR NAME: the part of meson-logs/testlog.txt about test NAME.
test_log() {
	awk -v n="$2" '/^test: / { on = ($0 ~ "^test: *" n "$") } on' "$1/meson-logs/testlog.txt"
}
