# Helpers of the tests/install/ scripts (sourced after tests/lib.sh; not a
# test itself).
#   install_harden PREFIX [MAKE-ARGS...]   make install of the source tree
#                                          into PREFIX (harden-audit and
#                                          harden-cost built in $T/obj)
#   installed_version                      the version in the file VERSION
#   audit_installed PREFIX EXPECT FILE...  the installed harden-audit
#                                          --expect EXPECT proves FILE...

install_harden() {
	_p=$1
	shift
	need make
	run "$T/install.log" make -C "$S" install PREFIX="$_p" O="$T/obj" "$@"
}

installed_version() { cat "$S/VERSION"; }

audit_installed() {
	_p=$1 _e=$2
	shift 2
	[ -n "$_e" ] || fail "empty audit_expect"
	[ -x "$_p/bin/harden-audit" ] || fail "no installed harden-audit in $_p/bin"
	"$_p/bin/harden-audit" --expect "$_e" "$@" >"$T/audit.log" 2>&1 ||
		{ cat "$T/audit.log"; fail "the installed harden-audit --expect $_e refused $*"; }
	note "harden-audit --expect $_e: proven in $*"
}
