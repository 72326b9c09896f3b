#!/bin/sh
# cxx-mixed-units.sh - a program of one hardened C object and one C++
# object built without -fstack-protector imports __stack_chk_fail (from the
# C object: readelf shows it), yet harden-audit judges every unit its DWARF
# shows: stack-protector is "partial", --expect fails and names the C++
# unit, for g++ (GCC records its switches) and clang++ -grecord-command-line
# (which records -D too: fortify-source is partial there as well).
# --units sees the C++ unit by its DW_AT_language (as readelf reads it),
# and clang's by its producer.  exceptions is C only (the default of C++):
# only the C unit is judged.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc g++ clang clang++ readelf python3
cat >"$T/core.c" <<'EOS'
#include <string.h>
int core(const char *s) { char buf[64]; strcpy(buf, s); return buf[0] == 'x'; }
EOS
cat >"$T/front.cc" <<'EOS'
#include <cstring>
extern "C" int core(const char *);
int main(int argc, char **argv) { char buf[64]; std::strcpy(buf, argv[0]); return core(buf) + argc; }
EOS
cd "$T" || exit 99
for pair in "gcc g++" "clang clang++"; do
	set -- $pair
	rec=; [ "$1" = clang ] && rec=-grecord-command-line
	n=mixed-$1
	$1 -g $rec -O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -c core.c -o "$n-core.o" &&
		$2 -g $rec -O2 -fno-stack-protector -c front.cc -o "$n-front.o" &&
		$2 -o "$n" "$n-core.o" "$n-front.o" || fail "cannot build $n"
	elf_has_canary "$n" || fail "$n: readelf shows no __stack_chk_fail import (the C object's)"
	readelf --debug-dump=info "$n" | grep -q 'DW_AT_language *: .*C++' ||
		fail "$n: readelf shows no C++ unit"
	check_expect 1 stack-protector "$n"
	said "$n: stack-protector not proven: partial"
	said "1 of 2 recorded units lack stack-protector (-fstack-protector-strong): front.cc"
	"$AUDIT" --units "$n" >units || fail "$n: --units failed"
	grep -q '^    unit front.cc: on -; off stack-protector;' units ||
		fail "$n --units: $(grep 'unit front' units)"
	clang_units=0; [ "$1" = clang ] && clang_units=1
	grep -qx "    languages: 1 C, 1 C++ ($clang_units by clang), 0 other or unnamed" units ||
		fail "$n --units languages: $(grep languages: units)"
	"$AUDIT" --units -j "$n" | python3 -c '
import json, sys
u = json.load(sys.stdin)[0]["units"]
assert [(x["name"], x["cxx"]) for x in u["recorded"]] == [("core.c", False), ("front.cc", True)], u
assert (u["c"], u["cxx"]) == (1, 1), u' || fail "$n --units -j: the C++ unit"
	# fortify-source: clang records -D per unit, GCC does not (the C
	# object's __strcpy_chk is all a gcc build shows).
	if [ "$1" = clang ]; then
		check_expect 1 fortify-source "$n"
		said "1 of 2 recorded units lack fortify-source (-D_FORTIFY_SOURCE=3): front.cc"
	else
		check_expect 0 fortify-source "$n"
	fi
	# exceptions: the C unit alone counts.
	check_expect 1 exceptions "$n"
	said "all 1 recorded units lack -fexceptions: core.c"
	$1 -g $rec -O2 -fexceptions -c core.c -o "$n-core-eh.o" &&
		$2 -o "$n-eh" "$n-core-eh.o" "$n-front.o" || fail "cannot build $n-eh"
	check_expect 0 exceptions "$n-eh"
	# The same pair with the canary in both units passes.
	$2 -g $rec -O2 -fstack-protector-strong -c front.cc -o "$n-front-ssp.o" &&
		$2 -o "$n-ok" "$n-core.o" "$n-front-ssp.o" || fail "cannot build $n-ok"
	check_expect 0 stack-protector "$n-ok"
done
echo "cxx-mixed-units: ok"
