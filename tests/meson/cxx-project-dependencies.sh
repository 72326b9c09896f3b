#!/bin/sh
# The per-language way of meson/README.md: add_project_dependencies() of
# harden-c for C and harden-cpp for C++, b_pie=true.  In tallyxx (C++ and
# C) the C++ source gets the C++ report's -D_GLIBCXX_ASSERTIONS and the C
# source does not; every program is PIE and has a canary, the library is
# not linked with -pie.  With b_pie=true, configuration does not say that
# programs are PIE only through harden-exe (it says so with b_pie false:
# standard.sh).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
cat >"$T/p/meson.build" <<'EOW'
project('parent', 'c', 'cpp', meson_version: '>=1.0.0', default_options: ['b_pie=true'])
add_project_dependencies(dependency('harden-c'), language: 'c')
add_project_dependencies(dependency('harden-cpp'), language: 'cpp')
libtally = shared_library('tally', 'tally.c')
tally = executable('tally', 'main.c', link_with: libtally)
words = executable('words', 'words.cc')
tallyxx = executable('tallyxx', 'tallyxx.cc', 'tally.c')
EOW
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b" --buildtype=release
grep -q "b_pie is false" "$T/b.log" && fail "b_pie message with b_pie=true"
run "$T/ninja.log" ninja -C "$T/b" -v
grep -- '-o tallyxx.p/tallyxx.cc.o ' "$T/ninja.log" | grep -q -- ' -D_GLIBCXX_ASSERTIONS ' ||
	fail "the C++ source of tallyxx lacks -D_GLIBCXX_ASSERTIONS"
grep -- '-o tallyxx.p/tally.c.o ' "$T/ninja.log" | grep -q -- ' -fstack-protector-strong ' ||
	fail "the C source of tallyxx lacks the C flags"
grep -- '-o tallyxx.p/tally.c.o ' "$T/ninja.log" | grep -q -- '_GLIBCXX_ASSERTIONS' &&
	fail "the C source of tallyxx has a C++ flag"
for f in tally words tallyxx; do
	assert_hardened_program "$T/b/$f"
done
assert_library_not_pie "$T/b/libtally.so"
echo ok
