# Helpers of the tests/install/ scripts (sourced after tests/lib.sh; not a
# test itself).
#   install_harden PREFIX [MAKE-ARGS...]   make install of the source tree
#                                          into PREFIX (harden-audit and
#                                          harden-cost built in $T/obj)
#   installed_prefix                       P, the install that the tests
#                                          which only read it share
#   installed_version                      the version in the file VERSION
#   audit_installed PREFIX EXPECT FILE...  the installed harden-audit
#                                          --expect EXPECT proves FILE...

install_harden() {
	_p=$1
	shift
	need make
	run "$T/install.log" make -C "$S" install PREFIX="$_p" O="$T/obj" "$@"
}

# installed_prefix: P, the source tree installed by make install
# PREFIX=P CC=gcc CFLAGS='-O2 -g' (the tools built in P/../obj) once per
# run (run_once, keyed by the release's files) for every test that reads
# the installed tree and writes nothing into it.  The tests of make
# install itself (dirs.sh, paths.sh, uninstall.sh, dist-install.sh's
# install from the tarball) make their own.
installed_prefix() {
	need make gcc
	_ip_key=$( (cd "$S" && sh meson/dist.sh --list | while read -r _f; do cat "$_f"; done) |
		cksum | sed 's/ .*//')
	run_once "install-$_ip_key" _install_into
	P=$ONCE/prefix
}
_install_into() {	# DIR
	run "$1/install.log" make -j2 -C "$S" install PREFIX="$1/prefix" O="$1/obj" CC=gcc CFLAGS='-O2 -g'
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
