#!/bin/sh
# An Autotools project with nothing of harden vendored (examples/autotools
# without m4/harden.m4) finds HARDEN_CHECK in the installed
# <prefix>/share/aclocal through ACLOCAL_PATH, runs the installed copy's
# embedded driver, and builds a hardened library and program, which the
# installed harden-audit proves with --expect HARDEN_AUDIT_EXPECT.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf autoreconf automake libtoolize make

installed_prefix
p=$T/proj
cp -R "$S/examples/autotools" "$p" || exit 99
rm -f "$p/m4/harden.m4"
[ -z "$(ls "$p/m4")" ] || fail "the example vendors m4 files: $(ls "$p/m4")"
export ACLOCAL_PATH="$P/share/aclocal"
(cd "$p" && run "$T/autoreconf.log" autoreconf -fi)
grep -q '^[[:space:]]*HARDEN_CHECK' "$p/configure" && fail "HARDEN_CHECK was not expanded"
# aclocal copies a macro found through ACLOCAL_PATH into aclocal.m4.
grep -qx "m4_define(\[_HARDEN_VERSION\], \[$(installed_version)\])" "$p/aclocal.m4" ||
	fail "aclocal.m4 does not hold the installed harden.m4"
[ ! -e "$p/m4/harden.m4" ] || fail "autoreconf copied harden.m4 into the project"
PATH="$P/bin:$PATH"
(cd "$p" && run "$T/configure.log" ./configure CC=gcc CFLAGS='-O2 -g')
grep -q '^configure: hardening level standard with gcc' "$T/configure.log" || fail "no hardening summary"
[ "$(subst "$p" HARDEN_VERSION)" = "$(installed_version)" ] ||
	fail "HARDEN_VERSION is '$(subst "$p" HARDEN_VERSION)', not $(installed_version)"
(cd "$p" && run "$T/make.log" make)
assert_hardened_pair "$p/.libs/tally" "$p/.libs/libtally.so"
audit_installed "$P" "$(subst "$p" HARDEN_AUDIT_EXPECT)" "$p/.libs/tally" "$p/.libs/libtally.so"
# make check runs the installed harden-audit (configure found it in PATH).
[ "$(subst "$p" HARDEN_AUDIT)" = "$P/bin/harden-audit" ] ||
	fail "configure did not find the installed harden-audit: $(subst "$p" HARDEN_AUDIT)"
(cd "$p" && run "$T/check.log" make check)
grep -q "$P/bin/harden-audit --expect " "$T/check.log" || fail "make check did not run the audit: $(cat "$T/check.log")"
exit 0
