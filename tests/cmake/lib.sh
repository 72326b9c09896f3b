# Helpers of the CMake tests (sourced after tests/lib.sh; not a test).
#   cxx_example BUILD ARGS...   the example with TALLY_CXX=ON, configured
#   build_line LOG PATTERN      the one line of a verbose build matching PATTERN
#   assert_line_flags ...       a command line has one report's flags, not another's
#   audit_tool                  one harden-audit for the whole run (AUDIT)

# cxx_example BUILD ARGS...: examples/cmake with its C++ programs (words,
# tallyxx), configured with Ninja in Release (CC, CXX from the caller).
cxx_example() {
	_b=$1
	shift
	need ninja
	cmake_configure "$_b" "$S/examples/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTALLY_CXX=ON "$@"
}

# build_line LOG PATTERN: the line of LOG (a verbose build) matching the
# extended regular expression PATTERN; fails unless there is exactly one.
build_line() {
	_n=$(grep -Ec -- "$2" "$1")
	[ "$_n" = 1 ] || fail "$_n lines of $1 match '$2'"
	grep -E -- "$2" "$1"
}

# report_words REPORT KEY...: the flags of those lists of REPORT, one a line.
report_words() {
	_r=$1
	shift
	for _k; do report_key "$_r" "$_k"; done | tr ' ' '\n' | sed '/^$/d'
}

# assert_line_flags WHAT LINE OWN OTHER KEY...: LINE carries every flag of
# the lists KEY... of the report OWN, and no flag of those of the report
# OTHER that OWN lacks (another compiler's flags).
assert_line_flags() {
	_what=$1 _line=" $2 " _own=$3 _other=$4
	shift 4
	report_words "$_own" "$@" >"$T/own.flags"
	report_words "$_other" "$@" >"$T/other.flags"
	while read -r _f; do
		case $_line in *" $_f "*) ;; *) fail "$_what: no $_f (of $_own): $_line" ;; esac
	done <"$T/own.flags"
	grep -vxF -f "$T/own.flags" "$T/other.flags" >"$T/foreign.flags"
	while read -r _f; do
		case $_line in *" $_f "*) fail "$_what: $_f, a flag of $_other: $_line" ;; esac
	done <"$T/foreign.flags"
	return 0
}

# config_audit_passes BUILD TEST CONFIG REPORT: with a multi-config
# generator, the test TEST of ctest -C CONFIG runs harden-audit --expect
# with the audit_expect of REPORT (that configuration's), on CONFIG's files,
# and passes.  Its ctest -V output is in BUILD.TEST-CONFIG.log.
config_audit_passes() {
	_b=$1 _t=$2 _c=$3
	_e=$(report_key "$4" audit_expect)
	[ -n "$_e" ] || fail "$4: empty audit_expect"
	run "$_b.$_t-$_c.log" ctest --test-dir "$_b" -C "$_c" -R "^$_t\$" -V
	grep -q "Test command: $_b/harden-tools/$_c/harden-audit \"--expect\" \"$_e\" \"$_b/$_c/" "$_b.$_t-$_c.log" ||
		{ grep 'Test command' "$_b.$_t-$_c.log"; fail "$_t -C $_c: not harden-audit --expect $_e on $_c's files"; }
	grep -q '100% tests passed, 0 tests failed out of 1$' "$_b.$_t-$_c.log" ||
		{ tail -n 20 "$_b.$_t-$_c.log"; fail "$_t -C $_c did not run and pass"; }
}

# audit_tool: AUDIT, a harden-audit built once for the whole run (in
# tests/run's HARDEN_RESULTS, under a lock: the toolchain matrix builds the
# same one), for -DHARDEN_AUDIT=$AUDIT: then a project does not compile
# harden-audit's sources again.  The module's own build of it is the
# subject of example-gcc-ninja, add-subdirectory, fetchcontent-git,
# multi-config and tcc.
audit_tool() {
	AUDIT=${HARDEN_RESULTS:-$T}/bin/harden-audit
	mkdir -p "${AUDIT%/*}" || exit 99
	flock "${AUDIT%/*}/.lock" make -s -C "$S/tools" O="${AUDIT%/*}" "$AUDIT" >"$T/harden-audit.make.log" 2>&1 ||
		fail "cannot build harden-audit: $(tail -n 5 "$T/harden-audit.make.log")"
}
