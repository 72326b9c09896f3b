#!/bin/sh
# A C++-only parent (project('p', 'cpp')): the subproject probes C++ alone
# (harden-report-cxx.txt, no C report, no C compiler of the host machine),
# dependency('harden') and ('harden-exe') carry the C++ report's flags, and
# words is hardened and passes the audit test.
. "$HARDEN_SRCDIR/tests/lib.sh"
need g++ readelf
mkdir -p "$T/p/subprojects" && cp "$S/examples/autotools/src/words.cc" "$T/p/" || exit 99
meson_copy_subproject "$T/p/subprojects/harden"
meson_wrap_provide "$T/p"
cat >"$T/p/meson.build" <<'EOW'
project('p', 'cpp', meson_version: '>=1.0.0')
harden_dep = dependency('harden')
words = executable('words', 'words.cc', dependencies: dependency('harden-exe'))
test('hardening', find_program('harden-audit'), depends: words,
  args: ['--expect=' + harden_dep.get_variable('audit_expect', default_value: ''), words.full_path()])
EOW
CXX=g++ meson_setup "$T/p" "$T/b" --buildtype=release
grep -q 'C compiler for the host machine' "$T/b.log" && fail "a C compiler was added for the host machine"
r=$(meson_report "$T/b" -cxx)
[ -f "$(dirname "$r")/harden-report.txt" ] && fail "a C report for a C++-only project"
report_expect "$r" stdlib-hardening "on assertions"
run "$T/ninja.log" ninja -C "$T/b" -v
for w in $(report_key "$r" cppflags) $(report_key "$r" cflags) $(report_key "$r" exe_cflags); do
	grep -- '-o words.p/words.cc.o ' "$T/ninja.log" | grep -q -- " $w " || fail "$w not on the compile of words.cc"
done
elf_has_canary "$T/b/words" && elf_is_pie "$T/b/words" || fail "words: no canary or not PIE"
run "$T/test.log" meson test -C "$T/b"
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not pass"; }
echo ok
