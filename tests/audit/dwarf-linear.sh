#!/bin/sh
# dwarf-linear.sh - the DWARF scan is linear: files of 400 KB and 2 MB
# crafted so that a naive scan is quadratic (one abbreviation table of
# ~28,000 entries shared by ~11,000 units, the unit DIE's code last; ~12,500
# units sharing one 200 KB producer string; 5 times that at 2 MB) are read
# whole, and prove their recorded -fstack-clash-protection.  Hostile
# variants (tables that overlap, producer strings that are suffixes of one
# another) end too, with any verdict.  Each run has a generous 20 s limit:
# a hang/quadratic guard, not a speed measurement (on 2 cores they take
# 0.01 to 0.05 s; the quadratic scan took 10 s at 400 KB, minutes at 2 MB).
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit

for size in 2000000 400000; do
	for mode in abbrev producer overlap suffix; do
		gen_dwarf $mode $size "$T/$mode" || fail "cannot generate $mode"
		timeout 20 "$AUDIT" -e stack-clash-protection "$T/$mode" \
		    >"$T/out" 2>"$T/err"
		rc=$?
		[ $rc -ne 124 ] || fail "$mode $size: still running after 20 s (quadratic?)"
		case $mode in
		abbrev|producer)
			[ $rc -eq 0 ] || { cat "$T/out" "$T/err" >&2
				fail "$mode: exit $rc, want 0 (clash proven)"; }
			# every unit was read: all of them are recorded command lines
			"$AUDIT" -v "$T/$mode" | grep -q 'stack-clash-protection  *yes .* in all [0-9]* recorded units' ||
				fail "$mode: not every unit counted"
			;;
		*)
			[ $rc -eq 0 ] || [ $rc -eq 1 ] ||
				{ cat "$T/err" >&2; fail "$mode: exit $rc, want 0 or 1"; }
			;;
		esac
	done
done
n=$("$AUDIT" -v "$T/abbrev" | sed -n 's/.*stack-clash-protection  *yes .* in all \([0-9]*\) recorded units.*/\1/p')
[ "${n:-0}" -gt 10000 ] || fail "abbrev: only ${n:-0} units counted"
echo "dwarf-linear: 8 crafted files of 2 MB and 400 KB read within the limit ($n units at 400 KB)"
exit 0
