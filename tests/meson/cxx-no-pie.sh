#!/bin/sh
# -Dcpp_args=-fno-PIE -Dcpp_link_args=-no-pie: the C++ report leaves pie to
# the builder, and words and tallyxx (harden-cpp-exe: the C++ compile and
# the link) are not PIE, while the C program tally still is.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf
meson_parent_cxx_with_copy "$T/p"
CC=gcc CXX=g++ meson_setup "$T/p" "$T/b" --buildtype=release -Dcpp_args=-fno-PIE -Dcpp_link_args=-no-pie
meson_build "$T/b"
[ "$(report_state "$(meson_report "$T/b" -cxx)" pie)" = builder ] || fail "C++ pie is not left to the builder"
for f in words tallyxx; do
	[ "$(elf_type "$T/b/$f")" = EXEC ] || fail "$f: type $(elf_type "$T/b/$f"), want EXEC (not PIE)"
done
elf_is_pie "$T/b/tally" || fail "tally (C) is not PIE"
echo ok
