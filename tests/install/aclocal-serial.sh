#!/bin/sh
# aclocal --install copies the installed harden.m4, with its "# serial N",
# into a project's m4/ when the project has none; an older vendored copy
# (the same file with a lower serial) is replaced by the installed one, and
# a copy with a higher serial is kept.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need aclocal autoconf make gcc

installed_prefix
serial=$(sed -n '2s/^# serial \([0-9][0-9]*\)$/\1/p' "$S/m4/harden.m4")
[ -n "$serial" ] || fail "line 2 of m4/harden.m4 is not '# serial N'"
cmp -s "$S/m4/harden.m4" "$P/share/aclocal/harden.m4" || fail "the installed harden.m4 is not m4/harden.m4"

p=$T/proj
mkdir -p "$p/m4"
cat >"$p/configure.ac" <<'EOT'
AC_INIT([p], [1])
AC_CONFIG_MACRO_DIR([m4])
AC_PROG_CC
HARDEN_CHECK
AC_OUTPUT
EOT
export ACLOCAL_PATH="$P/share/aclocal"
# No copy: aclocal --install puts the installed one in m4/.
(cd "$p" && run "$T/aclocal1.log" aclocal --install -I m4)
cmp -s "$S/m4/harden.m4" "$p/m4/harden.m4" || fail "aclocal --install did not copy harden.m4 (serial $serial) into m4/"

# An older copy: the same file with a lower serial.
old=$((serial - 1))
sed "2s/.*/# serial $old/" "$S/m4/harden.m4" >"$p/m4/harden.m4"
(cd "$p" && run "$T/aclocal2.log" aclocal --install -I m4)
[ "$(sed -n 2p "$p/m4/harden.m4")" = "# serial $serial" ] ||
	fail "aclocal --install kept the copy with serial $old: $(sed -n 2p "$p/m4/harden.m4")"
cmp -s "$S/m4/harden.m4" "$p/m4/harden.m4" || fail "the replaced copy is not the installed harden.m4"

# A newer copy is kept.
new=$((serial + 1))
sed "2s/.*/# serial $new/" "$S/m4/harden.m4" >"$p/m4/harden.m4"
(cd "$p" && run "$T/aclocal3.log" aclocal --install -I m4)
[ "$(sed -n 2p "$p/m4/harden.m4")" = "# serial $new" ] || fail "aclocal --install replaced a newer copy"
(cd "$p" && run "$T/autoconf.log" autoconf)
grep -q '^[[:space:]]*HARDEN_CHECK' "$p/configure" && fail "HARDEN_CHECK not expanded"
exit 0
