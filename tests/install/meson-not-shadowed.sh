#!/bin/sh
# With harden installed in a prefix on PKG_CONFIG_PATH (harden-tools.pc),
# and a harden-flags.pc made for other flags there too, a Meson project's
# dependency('harden') and dependency('harden-exe') still resolve to the
# subproject ("(overridden)" in meson-log), whose probes of the project's
# own compiler give the flags: no installed file is named harden.pc or
# harden-exe.pc, and the pkg-config files are never looked up in their place.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf make meson ninja pkg-config

installed_prefix
found=$(find "$P" -name 'harden.pc' -o -name 'harden-exe.pc')
[ -z "$found" ] || fail "installed: $found"
mkdir -p "$T/pc"
"$P/bin/harden-flags" --level=none --pc >"$T/pc/harden-flags.pc" || fail "harden-flags --pc failed"
export PKG_CONFIG_PATH="$P/share/pkgconfig:$T/pc"
pkg-config --exists harden-tools harden-flags || fail "the .pc files are not on PKG_CONFIG_PATH"
pkg-config --exists harden && fail "pkg-config finds a harden package"

meson_parent_with_copy "$T/p"
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
meson_check_way "$T/b"
grep -q 'Dependency harden found: YES .*(overridden)' "$T/b/meson-logs/meson-log.txt" || fail "meson-log does not say (overridden)"
r=$(meson_report "$T/b")
[ "$(report_key "$r" level)" = standard ] || fail "the subproject's probes did not run at the standard level"
for f in $(report_key "$r" cflags) $(report_key "$r" cppflags); do
	grep -q -e "$f" "$T/b/compile_commands.json" || fail "the subproject's flag $f is not on the compile lines"
done
exit 0
