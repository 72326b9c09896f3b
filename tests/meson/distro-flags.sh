#!/bin/sh
# The builder's own flags win (catalog/README.md, "The builder's flags"):
# with Debian's dpkg-buildflags (hardening=+all, which sets CFLAGS and
# CXXFLAGS) exported, in a mixed C and C++ project, the features they
# already set are "builder ... present" in both reports and harden adds
# nothing for them, so no flag reaches a command line twice; the C probe
# still costs $standard_runs compiler runs with gcc; the binaries keep the distro's
# fortify level 2 (harden's own level 3 gives __strcpy_chk in the same
# library: standard.sh), the C and C++ programs keep their hardening.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf dpkg-buildflags
meson_parent_cxx_with_copy "$T/p"
fortify_level_source "$T/p/level.c"
echo "shared_library('level', 'level.c', dependencies: dependency('harden-c'))" >>"$T/p/meson.build"
flags=$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh) || fail "dpkg-buildflags failed"
eval "$flags"
case " $CPPFLAGS " in *" -D_FORTIFY_SOURCE=2 "*) ;; *) fail "dpkg-buildflags gives no -D_FORTIFY_SOURCE=2: $CPPFLAGS" ;; esac
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b"
r=$(meson_report "$T/b")
for f in stack-protector fortify-source relro bind-now format-security; do
	[ "$(report_state "$r" $f)" = builder ] || fail "$f is $(report_state "$r" $f), not builder: $(report_reason "$r" $f)"
	report_reason "$r" $f | grep -q 'present$' || fail "$f: $(report_reason "$r" $f), not present"
done
report_expect "$r" fortify-source "builder 2"
[ "$(report_key "$r" runs)" = "$standard_runs" ] || fail "runs=$(report_key "$r" runs), want $standard_runs"
run "$T/ninja.log" ninja -v -C "$T/b"
for flag in -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now -Werror=format-security; do
	grep '^\[' "$T/ninja.log" | awk -v f="$flag" '
		{ n = 0; for (i = 1; i <= NF; i++) if ($i == f) n++; if (n > 1) { print; bad = 1 } }
		END { exit bad }' || fail "$flag twice on a command line"
done
assert_hardened_pair "$T/b/tally" "$T/b/libtally.so"
# The distro's fortify level 2, in the binaries and on the command lines.
elf_has_sym "$T/b/liblevel.so" strcpy || fail "liblevel.so has no plain strcpy: not fortify level 2"
elf_has_sym "$T/b/liblevel.so" __strcpy_chk && fail "liblevel.so has __strcpy_chk: fortify level 3"
grep ' -c ' "$T/ninja.log" | grep -q -- '-D_FORTIFY_SOURCE=3' && fail "harden's fortify level 3 reached a compile"
# C++ (lib.sh distro_cxx_check): the report, and the g++ lines.
distro_cxx_check "$(meson_report "$T/b" -cxx)" "$T/ninja.log"
elf_has_canary "$T/b/words" && elf_has_relro "$T/b/words" && elf_has_now "$T/b/words" ||
	fail "words lost the distribution's hardening"
echo ok
