#!/bin/sh
# cxx-nothing-fortifiable.sh - C++ code with no call that _FORTIFY_SOURCE
# would change passes --expect fortify-source (n/a, never yes): a program
# importing no fortifiable function (built -g: it imports nothing of C++
# either, so only DWARF's DW_AT_language tells C++), and a std::vector
# program (no -g: its C++ imports tell) whose only ones are the
# memmove/memcpy the C++ library calls itself (readelf: no __*_chk either
# way), from g++, clang++ and clang++-19 with libc++.  The same C program
# stays unknown (no C++ library to blame), and a C++ strcpy left
# unfortified is still not proven.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need g++ clang++ clang++-19 gcc readelf
cd "$T" || exit 99
cat >sum.cc <<'EOS'
#include <array>
int main(int argc, char **) { std::array<int, 4> a{1, 2, 3, 4}; int s = 0; for (int x : a) s += x * argc; return s & 1; }
EOS
cat >sum.c <<'EOS'
int main(int argc, char **argv) { int a[4] = {1, 2, 3, 4}, s = 0; (void)argv; for (int i = 0; i < 4; i++) s += a[i] * argc; return s & 1; }
EOS
cat >vec.cc <<'EOS'
#include <vector>
int main(int argc, char **) { std::vector<int> v(argc * 100, 1), w; w = v; v.insert(v.begin(), w.begin(), w.end()); return (int)(v.size() & 1); }
EOS
cat >copy.cc <<'EOS'
#include <cstring>
int main(int argc, char **argv) { char buf[16]; std::strcpy(buf, argv[argc - 1]); return buf[0]; }
EOS
fort="-O2 -D_FORTIFY_SOURCE=2"
for cxx in g++ clang++ "clang++-19 -stdlib=libc++"; do
	n=$(echo "$cxx" | tr -d ' =+-')
	$cxx -g $fort -o "sum-$n" sum.cc && $cxx $fort -o "vec-$n" vec.cc || fail "cannot build with $cxx"
	# Independently: no __*_chk, and vec imports memmove or memcpy only.
	! elf_has_chk "sum-$n" && ! elf_has_chk "vec-$n" || fail "$cxx: a __*_chk import"
	elf_has_sym "vec-$n" memmove || elf_has_sym "vec-$n" memcpy || fail "$cxx: vec imports no memmove"
	for p in "sum-$n" "vec-$n"; do
		check_expect 0 fortify-source "$p"
		"$AUDIT" -v "$p" | grep -q '^    fortify-source  *n/a  *C++ code importing no call that its toolchain fortifies' ||
			fail "$p: $("$AUDIT" -v "$p" | grep '^    fortify-source')"
	done
	"$AUDIT" -v "vec-$n" | grep -q 'not expected: .*mem.* (the C++ standard library calls them unfortified)' ||
		fail "vec-$n: no reason: $("$AUDIT" -v "vec-$n" | grep '^    fortify-source')"
done
gcc -g $fort -o sum-c sum.c && g++ -O2 -o copy copy.cc || fail "cannot build sum-c or copy"
check_expect 1 fortify-source sum-c
said "fortify-source not proven: unknown (no fortifiable libc calls imported)"
elf_has_sym copy strcpy || fail "copy imports no strcpy"
check_expect 1 fortify-source copy
said "fortify-source not proven: unknown"
echo "cxx-nothing-fortifiable: ok"
