#!/bin/sh
# gcc and g++ at the standard level: the C++ programs of a mixed project,
# words (C++ only, harden-cpp-exe) and tallyxx (C++ and C, each object its
# language's dependency), have
# a canary, PIE, full RELRO and an NX stack, read with readelf; both run.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b" --buildtype=release
meson_build "$T/b"
for f in words tallyxx; do
	elf_has_canary "$T/b/$f" || fail "$f: no __stack_chk_fail"
	elf_is_pie "$T/b/$f" || fail "$f: not PIE (type $(elf_type "$T/b/$f"))"
	elf_has_relro "$T/b/$f" && elf_has_now "$T/b/$f" || fail "$f: no full RELRO"
	elf_nx_stack "$T/b/$f" || fail "$f: stack not RW-only"
done
# tallyxx's C object is fortified (tally.c's snprintf).
elf_has_chk "$T/b/tallyxx" || fail "tallyxx: no fortified __*_chk call"
"$T/b/words" <"$S/examples/meson/input.txt" >"$T/words.out" || fail "words failed"
[ "$(tail -n 1 "$T/words.out")" = "7 distinct" ] || fail "words printed: $(cat "$T/words.out")"
"$T/b/tallyxx" <"$S/examples/meson/input.txt" >"$T/tallyxx.out" || fail "tallyxx failed"
"$T/b/tally" <"$S/examples/meson/input.txt" | cmp -s - "$T/tallyxx.out" || fail "tallyxx and tally differ"
echo ok
