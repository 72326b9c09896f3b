# --pc prints a pkg-config file that pkg-config reads: Name harden-flags,
# Version harden's, Cflags the report's cppflags and cflags, Libs its
# ldflags, and the variables exe_cflags, exe_ldflags, enabled, audit_expect
# and level as the report has them; a # in a flag is escaped so that
# pkg-config gives it back.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc pkg-config
H="$S/catalog/harden-flags"
export CC=gcc CFLAGS=-O2
sh "$H" --cache=c >report || fail "report failed"
mkdir pc
sh "$H" --cache=c --pc >pc/harden-flags.pc || fail "--pc failed"
export PKG_CONFIG_PATH="$T/pc"
pkg-config --validate harden-flags || fail "pkg-config --validate refuses it: $(cat pc/harden-flags.pc)"
[ "$(pkg-config --modversion harden-flags)" = "$(cat "$S/VERSION")" ] || fail "Version is not VERSION"
[ "$(pkg-config --cflags harden-flags | sed 's/ *$//')" = "$(report_key report cppflags) $(report_key report cflags)" ] ||
	fail "Cflags: $(pkg-config --cflags harden-flags)"
[ "$(pkg-config --libs harden-flags | sed 's/ *$//')" = "$(report_key report ldflags)" ] ||
	fail "Libs: $(pkg-config --libs harden-flags)"
for k in level exe_cflags exe_ldflags enabled audit_expect; do
	[ "$(pkg-config --variable=$k harden-flags)" = "$(report_key report $k)" ] || fail "variable $k differs from the report"
done
[ "$(pkg-config --variable=exe_ldflags harden-flags)" = -pie ] || fail "exe_ldflags is not -pie"
grep -q '^Name: harden-flags$' pc/harden-flags.pc || fail "Name is not harden-flags"
# With --level=none the flags are empty, and the file is still valid.
sh "$H" --level=none --pc >pc/none.pc || fail "--pc --level=none failed"
pkg-config --validate none || fail "the level-none file is not valid"
[ -z "$(pkg-config --cflags --libs none | tr -d ' ')" ] || fail "level none has flags"
# A # in a flag (a known result can give one) survives pkg-config.
sh "$H" --cache=c2 --known='format-security=yes cc:-DX=a#b' --pc >pc/hash.pc || fail "--pc with # failed"
pkg-config --cflags hash | grep -q -- '-DX=a\\\?#b' || fail "the # flag is lost: $(pkg-config --cflags hash)"
echo ok
