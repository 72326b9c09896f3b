# Shared helpers of every test script (sourced by tests/AREA/NAME.sh; not a
# test itself).  tests/run sets HARDEN_SRCDIR (the source tree) and
# HARDEN_TMPDIR (an empty scratch directory, also the working directory);
# both are defaulted here so that a script also runs on its own.
#   S, T        short names of HARDEN_SRCDIR and HARDEN_TMPDIR
#   fail, skip, note, need, run       outcome and set-up
#   run_once    work shared by the tests of a run (tools, corpora, installs)
#   tools_build harden-audit and harden-cost, built once per run
#   elf_*       facts of an ELF file, read with readelf
#   assert_hardened_program/_library/_pair   the standard level in binaries
#   report_*    reading a harden report (catalog/README.md, "The report")
#   autotools_*, meson_*, cmake_*     driving each frontend's example

: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${HARDEN_TMPDIR:=$(mktemp -d "${TMPDIR:-/tmp}/harden-test.XXXXXX")}"
S=$HARDEN_SRCDIR
T=$HARDEN_TMPDIR
export LC_ALL=C
cd "$T" || exit 99

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "-- $*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# The compiler runs of the standard level with gcc when everything is
# supported and nothing prints (catalog/README.md, "Cost").
standard_runs=7

# need TOOL...: a core tool that .ci/run installs; missing means a broken setup.
need() {
	for t in "$@"; do
		have "$t" || fail "$t is not installed (.ci/run installs it)"
	done
}

# run LOG COMMAND...: runs COMMAND with its output in LOG; on failure shows
# the end of LOG and fails the test.
run() {
	_log=$1
	shift
	"$@" >"$_log" 2>&1 && return 0
	echo "command failed: $*"
	tail -n 30 "$_log"
	exit 1
}

# run_once NAME COMMAND [ARGS...]: ONCE, a directory made by COMMAND DIR
# ARGS... the first time a test of the run asks for NAME (NAME carries a
# key of the inputs), then shared: the tools, a corpus, an install.  In
# the run's scratch directory (tests/run), or ${TMPDIR:-/tmp} for a test
# run alone; under a lock, since tests may run at the same time.  A
# failed COMMAND fails the test (and leaves nothing for the next one).
run_once() {
	ONCE=${HARDEN_TEST_SCRATCH:-${TMPDIR:-/tmp}}/harden-test-$1
	shift
	[ -f "$ONCE.done" ] && return 0
	mkdir -p "${ONCE%/*}" || exit 99
	(
		flock 9 || exit 99
		[ -f "$ONCE.done" ] && exit 0
		rm -rf "$ONCE" && mkdir -p "$ONCE" || exit 99
		_ro_cmd=$1
		shift
		"$_ro_cmd" "$ONCE" "$@" || exit 1
		: >"$ONCE.done"
	) 9>"$ONCE.lock" || fail "cannot make $ONCE ($*)"
}

# tools_build "PROGRAM..." [MAKE-VARIABLES...]: TOOLS, a directory with
# PROGRAM... (harden-audit, harden-cost) of tools/ built -Werror with the
# variables (CFLAGS=... replaces the default), once per run for every
# test that asks for the same programs of the same sources, compiler and
# variables (run_once); two jobs at a time, on two cores.
tools_build() {
	_tb_key=$( { cat "$S"/tools/Makefile "$S"/tools/audit/* "$S"/tools/cost/* \
		"$S"/tools/lib/* "$S"/catalog/* "$S"/VERSION; \
		printf '%s\n' "CC=${CC-}" "$@"; } | cksum | sed 's/ .*//')
	run_once "tools-$_tb_key" _tools_make "$@"
	TOOLS=$ONCE
}
_tools_make() {	# DIR "PROGRAM..." [MAKE-VARIABLES...]
	_tm_dir=$1 _tm_progs=$2
	shift 2
	for _tm_p in $_tm_progs; do set -- "$@" "$_tm_dir/$_tm_p"; done
	make -s -j2 -C "$S/tools" O="$_tm_dir" CFLAGS="-O2 -g -Wall -Wextra -Werror" "$@" \
	    >"$_tm_dir.log" 2>&1 || { cat "$_tm_dir.log" >&2; fail "cannot build $_tm_progs"; }
}

# ---------------------------------------------------------------------------
# ELF facts of FILE, read with readelf (independent of harden-audit).
elf_type()       { readelf -h "$1" | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p'; }
elf_is_pie()     { [ "$(elf_type "$1")" = DYN ] && readelf -dW "$1" | grep -q '(FLAGS_1).* PIE'; }
elf_has_interp() { readelf -lW "$1" | grep -q '^ *INTERP '; }
elf_has_relro()  { readelf -lW "$1" | grep -q GNU_RELRO; }
elf_has_now()    { readelf -dW "$1" | grep -q -e '(BIND_NOW)' -e '(FLAGS).*BIND_NOW' -e '(FLAGS_1).* NOW'; }
elf_nx_stack()   { readelf -lW "$1" | grep GNU_STACK | grep ' RW ' | grep -qv RWE; }
elf_exec_stack() { readelf -lW "$1" | grep GNU_STACK | grep -q ' RWE '; }
elf_has_sym()    { readelf -W --dyn-syms -s "$1" | grep -q -e " $2@" -e " $2\$"; }
elf_has_canary() { elf_has_sym "$1" __stack_chk_fail; }
elf_has_chk()    { readelf -W --dyn-syms -s "$1" | grep -v __stack_chk | grep -Eq ' __[a-z0-9_]+_chk(@|$)'; }

# assert_hardened_program FILE: canary, fortify, PIE, full RELRO, NX stack.
assert_hardened_program() {
	[ -f "$1" ] || fail "$1 was not built"
	_assert_hardened_common "$1"
	elf_is_pie "$1" || fail "$1: not PIE (type $(elf_type "$1"), no FLAGS_1 PIE)"
}

# assert_hardened_library FILE: the same, and linked without -pie.
assert_hardened_library() {
	[ -f "$1" ] || fail "$1 was not built"
	_assert_hardened_common "$1"
	assert_library_not_pie "$1"
}

assert_library_not_pie() {
	[ "$(elf_type "$1")" = DYN ] || fail "$1: not ET_DYN"
	elf_has_interp "$1" && fail "$1: has an INTERP header (linked with -pie)"
	readelf -dW "$1" | grep -q '(FLAGS_1).* PIE' && fail "$1: FLAGS_1 PIE (linked with -pie)"
	return 0
}

_assert_hardened_common() {
	elf_has_canary "$1" || fail "$1: no __stack_chk_fail"
	elf_has_chk "$1" || fail "$1: no fortified __*_chk call"
	elf_has_relro "$1" || fail "$1: no GNU_RELRO"
	elf_has_now "$1" || fail "$1: no BIND_NOW"
	elf_nx_stack "$1" || fail "$1: stack not RW-only"
}

# assert_hardened_pair PROGRAM LIBRARY
assert_hardened_pair() {
	assert_hardened_program "$1"
	assert_hardened_library "$2"
}

# ---------------------------------------------------------------------------
# Reports (catalog/README.md, "The report").

# report_key REPORT KEY: the value of KEY= (cflags, enabled, runs, ...).
report_key() {
	[ -f "$1" ] || fail "no report $1"
	sed -n "s/^$2=//p" "$1"
}
# report_state REPORT FEATURE: on, off, unsupported or builder.
report_state() { _report_field "$1" "$2" 3; }
# report_value REPORT FEATURE: its value, or -.
report_value() { _report_field "$1" "$2" 4; }
# report_reason REPORT FEATURE: its reason, or -.
report_reason() {
	[ -f "$1" ] || fail "no report $1"
	awk -v f="$2" '$1 == "feature" && $2 == f { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print }' "$1"
}
_report_field() {
	[ -f "$1" ] || fail "no report $1"
	awk -v f="$2" -v n="$3" '$1 == "feature" && $2 == f { print $n }' "$1"
}
# report_expect REPORT FEATURE "STATE VALUE"
report_expect() {
	_got="$(report_state "$1" "$2") $(report_value "$1" "$2")"
	[ "$_got" = "$3" ] || fail "$2: expected '$3', the report says '$_got' ($(report_reason "$1" "$2"))"
}
# audit_expect_want REPORT: the present features with an audit row (that
# holds for the report's traits), in catalog order, comma-joined (what
# audit_expect must be).
audit_expect_want() {
	# The catalog's list, once per test and catalog (the matrix asks it of
	# every report).
	_aew=$T/.features-$(printf '%s' "${HARDEN_CATALOG-}" | cksum | sed 's/ .*//').tsv
	if [ ! -f "$_aew" ]; then
		# Written aside and renamed: the matrix's two jobs may both be here.
		_aewt=$(mktemp "$_aew.XXXXXX") && sh "$S/catalog/harden-flags" --list=tsv >"$_aewt" && mv -f "$_aewt" "$_aew" ||
			{ rm -f "$_aewt"; fail "harden-flags --list=tsv failed"; }
	fi
	cp "$_aew" "$1.features" || fail "cannot copy $_aew"
	awk -v cat="$1.features" '
		BEGIN { FS = "\t"; while ((getline l < cat) > 0) { split(l, w); if (w[5] != "no") audit[w[1]] = (w[5] == "yes" ? "" : w[5]) }; FS = " " }
		/^traits=/ { t = " " substr($0, 8) " " }
		# Not where the probe lacks its audit row'"'"'s symbols (flags/cxx.sh
		# proves that premise for clang++).
		$1 == "feature" && ($3 == "on" || ($3 == "builder" && / present(;|$)/)) && ($2 in audit) &&
		    (audit[$2] == "" || index(t, " " audit[$2] " ")) &&
		    !index($0, "not in audit_expect (a correct program may show no proof): no ") {
			printf "%s%s", sep, $2; sep = "," }
		END { print "" }' "$1"
}

# fortify_level_source FILE: a copy into a buffer whose size is known only
# at run time: checked (__strcpy_chk) at _FORTIFY_SOURCE=3, a plain strcpy
# at 2 (the level tests of Meson).
fortify_level_source() {
	cat >"$1" <<'EOW'
#include <stdlib.h>
#include <string.h>

char *
copy(const char *s, size_t n)
{
	char *p = malloc(n);

	if (p)
		strcpy(p, s);
	return p;
}
EOW
}

# vector_oob_source FILE: a C++ program that reads past the end of a
# vector: it aborts (libstdc++) or traps (libc++) under stdlib-hardening.
vector_oob_source() {
	cat >"$1" <<'EOF2'
#include <cstdio>
#include <vector>
int main(int argc, char **argv)
{
	std::vector<int> v(4);
	(void)argv;
	std::printf("%d\n", v[static_cast<std::size_t>(argc) + 100]);
	return 0;
}
EOF2
}

# counting_gcc FILE: FILE, a gcc that writes its arguments to FILE.runs
# (how many compiler runs a configure made).
counting_gcc() {
	cat >"$1" <<EOT
#!/bin/sh
echo "\$*" >>"$1.runs"
exec gcc "\$@"
EOT
	chmod +x "$1"
}

# two_units DIR: a.c (main, with a buffer that needs a canary) and b.c (b(),
# the same), the two units of the per-unit gate tests.
two_units() {
	cat >"$1/a.c" <<'EOS'
#include <stdio.h>
#include <string.h>
int b(const char *);
int main(int argc, char **argv) { char buf[64]; strcpy(buf, argv[0]); puts(buf); return b(argv[argc - 1]); }
EOS
	cat >"$1/b.c" <<'EOS'
#include <string.h>
int b(const char *s) { char buf[64]; strcpy(buf, s); return buf[0] == 'x'; }
EOS
}

# outage_cc: $T/outage-cc, gcc behind a wrapper that, while $T/outage
# exists, fails every compile of harden's probe.c as distcc does when its
# servers are gone (the frontends' own compiler checks still pass).
outage_cc() {
	cat >"$T/outage-cc" <<EOS
#!/bin/sh
case " \$* " in
*/probe.c\ *) [ -e "$T/outage" ] && { echo "distcc[\$\$] ERROR: compile probe.c on host1 failed" >&2; exit 1; } ;;
esac
exec gcc "\$@"
EOS
	chmod +x "$T/outage-cc" && touch "$T/outage"
}

# report_diff A B: status 0 when the two reports agree but for the count of
# compiler runs (the one line in which frontends may differ), else their
# diff on standard output and status 1.
report_diff() {
	for _r in "$1" "$2"; do
		[ -f "$_r" ] || fail "no report $_r"
		grep -v '^runs=' "$_r" >"$_r.norm"
	done
	diff "$1.norm" "$2.norm"
}

# ---------------------------------------------------------------------------
# Autoconf: autotools_example DIR [CONFIGURE-ARGS...] copies examples/autotools
# with m4/harden.m4 into DIR and runs autoreconf (cached across tests, since
# the inputs rarely change) and configure.  configure's output is in
# DIR/configure.out; returns configure's exit status.
autotools_example() { need automake libtoolize; autotools_project "$S/examples/autotools" "$@"; }

# autotools_small DIR [CONFIGURE-ARGS...]: the same with tests/autoconf/small,
# the example's configure.ac without Automake and Libtool, for the tests of
# what configure decides (it configures in a fifth of the time).
autotools_small() { autotools_project "$S/tests/autoconf/small" "$@"; }

# autotools_small_tally DIR: DIR/tally, the example's program and its
# library's source linked in one, with the flags configure substituted in
# DIR (autotools_small): a binary without Automake and Libtool.
autotools_small_tally() {
	(cd "$1" && make tally SRC="$S/examples/autotools/src" >tally.out 2>&1) ||
		fail "$1: make tally failed: $(tail -n 5 "$1/tally.out")"
}

# autotools_project SRC DIR [CONFIGURE-ARGS...]: SRC with harden.m4,
# autoreconf'd once for every test of the same sources, copied to DIR with
# its timestamps (make would run autoreconf and configure again) and
# configured, with the shared site cache (autotools_site).
autotools_project() {
	autotools_copy "$1" "$2"
	dir=$2; shift 2
	site=$(autotools_site "$key" "$@")
	if [ -n "$site" ] && [ -f "$site" ]; then
		(cd "$dir" && CONFIG_SITE=$site ./configure "$@" >configure.out 2>&1)
	else
		(cd "$dir" && ./configure "$@" >configure.out 2>&1) &&
			{ [ -z "$site" ] || autotools_site_save "$dir/config.log" "$site"; }
	fi
}

# autotools_copy SRC DIR: SRC with harden.m4 in m4/, autoreconf'd once for
# every test of the same sources (in ${TMPDIR:-/tmp}, keyed by harden.m4
# and every file of SRC: $key), copied to DIR with its timestamps; for a
# test's own project that it configures itself.
autotools_copy() {
	src=$1 dir=$2
	need autoreconf
	key=$( { cat "$S/m4/harden.m4"; find "$src" -type f -exec cat {} +; } | cksum | sed 's/ .*//')
	cache="${TMPDIR:-/tmp}/harden-test-autoreconf-$key"
	if [ ! -f "$cache/configure" ]; then
		# A directory of this process's own: test runs may overlap.
		tmp=$cache.tmp.$$
		rm -rf "$tmp" && mkdir -p "$tmp" &&
		cp -R "$src/." "$tmp/" && mkdir -p "$tmp/m4" &&
		cp "$S/m4/harden.m4" "$tmp/m4/" &&
		(cd "$tmp" && autoreconf -fi >autoreconf.log 2>&1) ||
			fail "autoreconf failed: $(tail -n 5 "$tmp/autoreconf.log")"
		# renamed into place unless another test did it first
		mv -T "$tmp" "$cache" 2>/dev/null || rm -rf "$tmp"
	fi
	rm -rf "$dir" && mkdir -p "$dir" && cp -pR "$cache/." "$dir/" || fail "cannot copy the example"
}

# autotools_site KEY [CONFIGURE-ARGS...]: the site file that caches the
# checks of Autoconf, Automake and Libtool (not harden's) of one project
# (KEY) configured with ARGS but harden's options in this environment: a
# configure of the example is two thirds shell work that does not change
# from test to test.  In the run's scratch directory (tests/run), gone
# with the run.  Empty when the test chose a cache or a site file, or
# asked for --help (which checks nothing).
autotools_site() {
	[ -z "${CONFIG_SITE-}" ] || return 0
	for _a in "$@"; do
		case $_a in -C|--config-cache|--cache-file|--cache-file=*|--help|-h) return 0 ;; esac
	done
	_k=$( {
		echo "$1"; shift
		for _a in "$@"; do
			case $_a in --enable-*|--disable-*|--with-*|--without-*) ;; *) printf '%s\n' "$_a" ;; esac
		done
		env | grep -v -e '^HARDEN_TMPDIR=' -e '^PWD=' -e '^OLDPWD=' -e '^SHLVL=' -e '^_=' | sort
	} | cksum | sed 's/ .*//')
	echo "${HARDEN_TEST_SCRATCH:-${TMPDIR:-/tmp}}/harden-test-site-$_k"
}

# autotools_site_save CONFIG.LOG SITE: the cache variables of a configure
# that succeeded, as SITE, but harden's and the records of the precious
# variables (configure compares those with its own).  Only when every line
# is NAME=VALUE and the whole is valid sh: nothing is cached when a value
# runs over several lines.
autotools_site_save() {
	awk '/^## Cache variables\. ##$/ { on = 1; next } /^## Output variables\. ##$/ { exit }
		on && !/^## -* ##$/ && !/^$/' "$1" >"$2.$$" &&
	! grep -Evq '^[A-Za-z_][A-Za-z0-9_]*_cv_[A-Za-z0-9_]*=' "$2.$$" && sh -n "$2.$$" &&
	grep -Eiv -e '^ac_cv_env_' -e 'harden' "$2.$$" >"$2.new.$$" && sh -n "$2.new.$$" &&
		mv -f "$2.new.$$" "$2"
	rm -f "$2.$$" "$2.new.$$"
}

# subst DIR VAR: the value configure substituted for VAR.
subst() { sed -n "s/^$2 = //p" "$1/Makefile"; }

# summary_state DIR FEATURE: on, off, unsupported or builder, from the summary.
summary_state() { sed -n "s/^  $2  *\([a-z]*\) .*/\1/p; s/^  $2  *\([a-z]*\)\$/\1/p" "$1/configure.out"; }

# ---------------------------------------------------------------------------
# Meson: a parent project using the harden subproject.

# meson_copy_subproject DIR: the files of the release tarball, copied into DIR.
# (One tar, not a cp per file: the copy is in most Meson tests, and 67
# copies took 2 s of processor time.)
meson_copy_subproject() {
	mkdir -p "$1" || exit 99
	(cd "$S" && sh meson/dist.sh --list) >"$T/subproject.files" || fail "meson/dist.sh --list failed"
	(cd "$S" && tar -cf - -T "$T/subproject.files") | (cd "$1" && tar -xf -) || fail "cannot copy the subproject"
	[ "$(cd "$1" && find . -type f | wc -l)" = "$(wc -l <"$T/subproject.files")" ] || fail "the copy of the subproject is incomplete"
}

# meson_parent DIR: a project with a shared library (libtally) and a program
# (tally) from examples/autotools/src, using dependency('harden') for both
# and dependency('harden-exe') for the program.  No subprojects/ yet.
meson_parent() {
	mkdir -p "$1/subprojects" || exit 99
	cp "$S"/examples/autotools/src/tally.h "$S"/examples/autotools/src/tally.c \
		"$S"/examples/autotools/src/main.c "$1"/ || exit 99
	cat >"$1/meson.build" <<'EOF'
project('parent', 'c', meson_version: '>=1.0.0')
harden_dep = dependency('harden')
harden_exe_dep = dependency('harden-exe')
libtally = shared_library('tally', 'tally.c', dependencies: harden_dep)
tally = executable('tally', 'main.c', link_with: libtally, dependencies: harden_exe_dep)
EOF
}

# meson_parent_cxx DIR: meson_parent with C++ too, as meson/README.md says
# to use harden in a mixed project: the C library and program with the C
# dependencies, words (C++) with the C++ one, and tallyxx (C++ main and
# the C object of tally.c) with harden-exe, what both languages share.
meson_parent_cxx() {
	meson_parent "$1"
	cp "$S"/examples/autotools/src/words.cc "$S"/examples/autotools/src/tallyxx.cc "$1"/ || exit 99
	cat >"$1/meson.build" <<'EOF'
project('parent', 'c', 'cpp', meson_version: '>=1.0.0')
harden_dep = dependency('harden')
harden_exe_dep = dependency('harden-exe')
libtally = shared_library('tally', 'tally.c', dependencies: dependency('harden-c'))
tally = executable('tally', 'main.c', link_with: libtally, dependencies: dependency('harden-c-exe'))
words = executable('words', 'words.cc', dependencies: dependency('harden-cpp-exe'))
tallyxx = executable('tallyxx', 'tallyxx.cc', 'tally.c', dependencies: harden_exe_dep)
EOF
}

# meson_parent_cxx_with_copy DIR: meson_parent_cxx plus the subproject.
meson_parent_cxx_with_copy() {
	meson_parent_cxx "$1"
	meson_copy_subproject "$1/subprojects/harden"
	meson_wrap_provide "$1"
}

# meson_wrap_provide DIR: a wrap that uses subprojects/harden as it is.
meson_wrap_provide() {
	cat >"$1/subprojects/harden.wrap" <<'EOF'
[wrap-file]
directory = harden

[provide]
dependency_names = harden, harden-exe, harden-lib, harden-c, harden-c-exe, harden-c-lib, harden-cpp, harden-cpp-exe, harden-cpp-lib
EOF
}

# meson_parent_with_copy DIR: meson_parent plus the subproject copied in.
meson_parent_with_copy() {
	meson_parent "$1"
	meson_copy_subproject "$1/subprojects/harden"
	meson_wrap_provide "$1"
}

# meson_readme_parent DIR DISTDIR: the recipe of meson/README.md ("Using
# it", verbatim) on foo.c and main.c (tally's sources), with the wrap-file
# of a release made into DISTDIR whose URL cannot be reached: Meson gets
# harden only from subprojects/packagecache/.  DISTDIR/tarball is its path.
meson_readme_parent() {
	need make tar
	run "$2.log" make -C "$S" dist DISTDIR="$2" DIST_URL=https://harden.invalid/releases
	mkdir -p "$1/subprojects" || exit 99
	cp "$2"/harden-*.wrap "$1/subprojects/harden.wrap" || fail "make dist made no wrap"
	tarball=$(ls "$2"/harden-*.tar.gz)
	meson_readme_sources "$1"
}

# meson_readme_sources DIR: meson_readme_parent's sources and meson.build.
meson_readme_sources() {
	cp "$S"/examples/autotools/src/tally.h "$S"/examples/autotools/src/main.c "$1"/ &&
		cp "$S"/examples/autotools/src/tally.c "$1"/foo.c || exit 99
	{ echo "project('parent', 'c', meson_version: '>=1.0.0')"
	  awk '/^## Using it/ { u = 1 } u && /^```meson/ { f = 1; next } f && /^```/ { exit } f' "$S/meson/README.md"
	} >"$1/meson.build"
	grep -q "^harden_dep = dependency('harden'" "$1/meson.build" || fail "no recipe in meson/README.md"
}

# meson_setup SRCDIR BUILDDIR [ARGS...]: meson setup that must succeed
# (output in BUILDDIR.log).
meson_setup() {
	_s=$1 _b=$2
	shift 2
	need meson ninja
	run "$_b.log" meson setup "$_b" "$_s" "$@"
}

# meson_build BUILDDIR: ninja, which must succeed (output in BUILDDIR.ninja.log).
meson_build() { run "$1.ninja.log" ninja -C "$1"; }

# meson_report BUILDDIR [-cxx]: the path of the subproject's harden-report.txt
# (or harden-report-cxx.txt, of C++; its build directory is
# subprojects/harden, or subprojects/harden-VERSION).
meson_report() {
	for _r in "$1"/subprojects/harden/harden-report$2.txt "$1"/subprojects/harden-*/harden-report$2.txt; do
		[ -f "$_r" ] && { echo "$_r"; return 0; }
	done
	fail "no harden-report$2.txt in $1/subprojects"
}

# meson_check_way BUILDDIR: after meson_setup of a meson_parent, both
# dependencies came from the subproject and the build gives a hardened PIE
# program next to a library linked without -pie.
meson_check_way() {
	grep -q 'Dependency harden found: YES.*(overridden)' "$1.log" ||
		fail "dependency('harden') did not resolve to the subproject"
	grep -q 'Dependency harden-exe found: YES.*(overridden)' "$1.log" ||
		fail "dependency('harden-exe') did not resolve to the subproject"
	report_state "$(meson_report "$1")" pie | grep -q . || fail "incomplete harden-report.txt"
	meson_build "$1"
	assert_hardened_pair "$1/tally" "$1/libtally.so"
}

# meson_add_audit_test DIR: the one-line audit test of meson/README.md,
# appended to the meson.build of meson_parent, on tally and libtally.
meson_add_audit_test() {
	cat >>"$1/meson.build" <<'EOW'
test('hardening', find_program('harden-audit'), depends: [tally, libtally],
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), tally.full_path(), libtally.full_path()])
EOW
}

# meson_add_variable_messages DIR: messages in the meson.build of
# meson_parent that show, for both dependencies, audit_expect (ABSENT when
# it is no variable) and every list as read with default_value: ''
# (meson/README.md), for meson_audit_expect_check and the variable checks.
meson_add_variable_messages() {
	cat >>"$1/meson.build" <<'EOW'
message('audit_expect of harden: [' + harden_dep.get_variable('audit_expect', default_value: 'ABSENT') + ']')
message('audit_expect of harden-exe: [' + harden_exe_dep.get_variable('audit_expect', default_value: 'ABSENT') + ']')
foreach d : [harden_dep, harden_exe_dep]
  foreach v : ['cppflags', 'cflags', 'exe_cflags', 'ldflags', 'exe_ldflags', 'enabled', 'audit_expect']
    message('variable @0@=[@1@]'.format(v, d.get_variable(v, default_value: '')))
  endforeach
  message('variable level=[@0@]'.format(d.get_variable('level')))
endforeach
EOW
}

# meson_audit_expect_check BUILDDIR WANT: after meson_setup of a
# meson_parent with meson_add_audit_test and meson_add_variable_messages,
# audit_expect (the features that are present and have an audit row, in
# catalog order, comma-joined) is WANT (ABSENT: no variable, an empty line
# in the report) in harden-report.txt, as computed from the catalog and the
# report's states, and in the variable of both dependencies; then the
# build, and the audit test runs harden-audit --expect=WANT on tally and
# libtally and passes.
meson_audit_expect_check() {
	_r=$(meson_report "$1")
	_want=$(audit_expect_want "$_r")
	if [ "$2" = ABSENT ]; then
		[ -z "$_want" ] || fail "$1: from the catalog and the report: '$_want', the test expects none"
	else
		[ "$_want" = "$2" ] || fail "$1: from the catalog and the report: '$_want', the test expects '$2'"
	fi
	[ "$(report_key "$_r" audit_expect)" = "$_want" ] ||
		fail "$1: report has audit_expect=$(report_key "$_r" audit_expect), want $_want"
	for _d in harden harden-exe; do
		grep -q "^Message: audit_expect of $_d: \[$2\]$" "$1.log" ||
			fail "$1: $(grep "audit_expect of $_d" "$1.log"), want [$2]"
	done
	meson_build "$1"
	meson test -C "$1" hardening >"$1.test.log" 2>&1 || { meson_test_log "$1" hardening; fail "$1: the audit test failed"; }
	meson_test_log "$1" hardening | grep -q "^command: .*harden-audit --expect=$_want $1/tally $1/libtally\.so$" ||
		{ meson_test_log "$1" hardening; fail "$1: the audit test did not run harden-audit --expect=$_want on tally and libtally.so"; }
}

# meson_test_log BUILDDIR NAME: the part of meson-logs/testlog.txt about NAME.
meson_test_log() {
	awk -v n="$2" '/^test: / { on = ($0 ~ "^test: *" n "$") } on' "$1/meson-logs/testlog.txt"
}

# ---------------------------------------------------------------------------
# CMake.

# cmake_configure BUILD SOURCE ARGS...: a configure that must succeed (output
# in BUILD.configure.log).
cmake_configure() {
	_b=$1 _s=$2
	shift 2
	need cmake
	run "$_b.configure.log" cmake -S "$_s" -B "$_b" "$@"
}

# cmake_configure_fails LOG BUILD SOURCE ARGS...: a configure of a new build
# tree that must fail (its output in LOG).
cmake_configure_fails() {
	_log=$1 _b=$2 _s=$3
	shift 3
	need cmake
	rm -rf "$_b"
	if cmake -S "$_s" -B "$_b" "$@" >"$_log" 2>&1; then
		fail "$* was accepted"
	fi
}

# cmake_build BUILD: a verbose build that must succeed (BUILD.build.log).
cmake_build() { run "$1.build.log" cmake --build "$1" -v; }

# cmake_audit_test_passes BUILD TEST [CTEST-ARGS...]: the test TEST (added by
# harden_add_audit_test) runs harden-audit --expect with the report's
# audit_expect, and passes.  Its ctest -V output is in BUILD.TEST.log.
cmake_audit_test_passes() {
	_b=$1 _t=$2
	shift 2
	_e=$(report_key "$_b/harden-report.txt" audit_expect)
	[ -n "$_e" ] || fail "$_b: empty audit_expect"
	run "$_b.$_t.log" ctest --test-dir "$_b" -R "^$_t\$" -V "$@"
	grep -q "Test command: [^ ]*/harden-audit \"--expect\" \"$_e\" " "$_b.$_t.log" ||
		{ grep 'Test command' "$_b.$_t.log"; fail "$_t: not harden-audit --expect $_e"; }
	grep -q '100% tests passed, 0 tests failed out of 1$' "$_b.$_t.log" ||
		{ tail -n 20 "$_b.$_t.log"; fail "$_t did not run and pass"; }
}

# distro_cxx_check REPORT LOG: with Debian's flags exported (dpkg-buildflags,
# hardening=+all), the C++ REPORT leaves the features they set to the
# builder, and every g++ line of the verbose build LOG has none of their
# flags twice, the distribution's -D_FORTIFY_SOURCE=2 on each compile and
# never harden's 3; stdlib-hardening is harden's: its flag once a line, on
# words.cc's compile (a C++ program with the C++ flags in every frontend).
distro_cxx_check() {
	for _f in stack-protector fortify-source relro bind-now format-security; do
		[ "$(report_state "$1" $_f)" = builder ] ||
			fail "C++ $_f: $(report_state "$1" $_f), not builder: $(report_reason "$1" $_f)"
	done
	report_expect "$1" fortify-source "builder 2"
	report_expect "$1" stdlib-hardening "on assertions"
	grep -E '(^|[ /])g\+\+ ' "$2" >"$2.cxx" || fail "no g++ line in $2"
	grep -q 'words\.cc' "$2.cxx" || fail "no g++ line for words.cc in $2"
	for _f in -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security -D_GLIBCXX_ASSERTIONS; do
		awk -v f="$_f" '{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; exit 1 } }' "$2.cxx" ||
			fail "$_f twice on a g++ line of $2"
	done
	grep -e ' -c ' "$2.cxx" | grep -v -e ' -D_FORTIFY_SOURCE=2 ' && fail "a g++ compile without the distribution's fortify"
	grep -e ' -c .*words\.cc' "$2.cxx" | grep -v -e ' -D_GLIBCXX_ASSERTIONS ' && fail "words.cc compiled without stdlib-hardening"
	grep -q -- '-D_FORTIFY_SOURCE=3' "$2.cxx" && fail "harden's fortify 3 on a g++ line"
	return 0
}
