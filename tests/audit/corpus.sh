#!/bin/sh
# corpus.sh - harden-audit's verdicts on a corpus of binaries built with
# known flags (gcc, clang, optional aarch64 cross) match the known truth.
#
# The expected table below was derived from the flags and from readelf
# and objdump on Debian 12 (the ground truth), not copied from
# harden-audit's output.  Semantics:
#  - CANARY is "yes" only with a __stack_chk_* import (or a recorded
#    command line); no import is "?" (no function may have needed one),
#    unless a recorded command line lacks -fstack-protector ("no").
#  - FORTIFY "no" needs an unfortified printf-family import (always
#    fortified at _FORTIFY_SOURCE>=2 and -O1+); static: __*_chk in .symtab.
#  - CLASH/INIT come only from .GCC.command.line or DWARF producers, unit
#    by unit: "part" when one recorded unit lacks the flag (mixed-gcc);
#    units that record no switches (clang without -grecord-command-line)
#    are reported, not judged (mixed-clang: yes).
#  - Debian 12 crt files carry no IBT/SHSTK or BTI/PAC notes, so only
#    -z ibt -z shstk (x86) and unlinked objects (aarch64) are marked.
# The ELF-level columns are additionally cross-checked against readelf.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
build_corpus

# name kind pie relro now nx rwx textrel canary fortify clash cet bti init rpath
cat >"$T/expected" <<'EOS'
gcc-none                  pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-ssp                   pie        yes yes no  yes no  no  yes no  ?   no  n/a ?   -
gcc-fortify2              pie        yes yes no  yes no  no  ?   yes ?   no  n/a ?   -
gcc-fortify3              pie        yes yes no  yes no  no  ?   yes ?   no  n/a ?   -
gcc-fort-O0               pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-clash-norec           pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-clash-rec             pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
gcc-clash-g               pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
gcc-clash-gz              pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-noclash-rec           pie        yes yes no  yes no  no  no  no  no  no  n/a no  -
gcc-init                  pie        yes yes no  yes no  no  no  no  no  no  n/a yes -
gcc-misc                  pie        yes yes no  yes no  no  no  no  no  no  n/a no  -
gcc-cf                    pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-cet-forced            pie        yes yes no  yes no  no  ?   no  ?   yes n/a ?   -
gcc-nopie                 exec       no  yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-now                   pie        yes yes yes yes no  no  ?   no  ?   no  n/a ?   -
gcc-olddtags              pie        yes yes yes yes no  no  ?   no  ?   no  n/a ?   -
gcc-execstack             pie        yes yes no  no  no  no  ?   no  ?   no  n/a ?   -
gcc-norelro               pie        yes no  no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-now-norelro           pie        yes no  yes yes no  no  ?   no  ?   no  n/a ?   -
gcc-rpath                 pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   rpath
gcc-runpath               pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   runpath
gcc-runpath-rel           pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   runpath
gcc-noseparate            pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-standard              pie        yes yes yes yes no  no  yes yes ?   no  n/a ?   -
gcc-standard-rec          pie        yes yes yes yes no  no  yes yes yes no  n/a no  -
gcc-standard-rec-stripped pie        yes yes yes yes no  no  yes yes yes no  n/a no  -
gcc-standard-stripped     pie        yes yes yes yes no  no  yes yes ?   no  n/a ?   -
gcc-nocanary-strong       pie        yes yes no  yes no  no  ?   ?   ?   no  n/a ?   -
gcc-ssp-all-empty         pie        yes yes no  yes no  no  yes ?   ?   no  n/a ?   -
gcc-static                static     no  yes n/a yes no  no  ?   yes ?   no  n/a ?   -
gcc-static-nossp          static     no  yes n/a yes no  no  ?   ?   ?   no  n/a ?   -
gcc-static-stripped       static     no  yes n/a yes no  no  ?   ?   ?   no  n/a ?   -
gcc-static-pie            static-pie yes yes n/a yes no  no  ?   yes ?   no  n/a ?   -
gcc-lib.so                shared     n/a yes yes yes no  no  yes yes ?   no  n/a ?   -
gcc-lib-none.so           shared     n/a yes no  yes no  no  ?   ?   ?   no  n/a ?   -
gcc-obj.o                 object     n/a n/a n/a yes n/a n/a yes yes ?   no  n/a ?   -
gcc-obj-rec.o             object     n/a n/a n/a yes n/a n/a no  no  yes no  n/a no  -
gcc-obj-execstack.o       object     n/a n/a n/a no  n/a n/a ?   ?   ?   no  n/a ?   -
gcc-m32.o                 object     n/a n/a n/a yes n/a n/a ?   ?   ?   yes n/a ?   -
gcc-m32-static            static     no  no  n/a yes no  no  ?   ?   ?   no  n/a ?   -
gcc-m32-static-pie        static-pie yes yes n/a yes no  no  ?   ?   ?   no  n/a ?   -
gcc-m32-textrel.so        shared     no  yes no  yes no  yes ?   ?   ?   no  n/a ?   -
clang-none                pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
clang-standard            pie        yes yes yes yes no  no  yes yes ?   no  n/a ?   -
clang-ssp-fort2           pie        yes yes no  yes no  no  yes yes ?   no  n/a ?   -
clang-clash-rec           pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
clang-g-norecord          pie        yes yes no  yes no  no  ?   no  ?   no  n/a ?   -
clang-g-record            pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
clang-lld-now             pie        yes yes yes yes no  no  ?   no  ?   no  n/a ?   -
clang-static              static     no  yes n/a yes no  no  ?   yes ?   no  n/a ?   -
clang-lib.so              shared     n/a yes yes yes no  no  yes yes ?   no  n/a ?   -
clang-nopie               exec       no  yes no  yes no  no  ?   no  ?   no  n/a ?   -
gcc-clash-g-mixed         pie        yes yes no  yes no  no  no  no  part no n/a no  -
gcc-clash-g-clang         pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
musl-clash-g              pie        yes yes no  yes no  no  yes no  yes no  n/a no  -
gcc-clash-dwarf2          pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
gcc-clash-dwarf64         pie        yes yes no  yes no  no  no  no  yes no  n/a no  -
clang19-g-record          pie        yes yes no  yes no  no  no  no  yes no  n/a yes -
tcc-none                  exec       no  no  no  no  no  no  ?   no  ?   no  n/a ?   -
a64-none                  pie        yes yes no  yes no  no  ?   no  ?   n/a no  ?   -
a64-standard              pie        yes yes yes yes no  no  yes yes ?   n/a no  ?   -
a64-forcebti              pie        yes yes no  yes no  no  ?   no  ?   n/a no  ?   -
a64-bti.o                 object     n/a n/a n/a yes n/a n/a ?   ?   ?   n/a yes ?   -
a64-be-static             static     no  no  n/a yes no  no  ?   ?   ?   n/a no  ?   -
a64-be.so                 shared     n/a yes yes yes no  no  ?   ?   ?   n/a no  ?   -
a64-ilp32-be.o            object     n/a n/a n/a yes n/a n/a ?   ?   ?   n/a no  ?   -
EOS

# Actual: the table columns we compare, by name (robust to column order).
(cd "$T/corpus" && "$AUDIT" $(cat LIST)) >"$T/table" 2>"$T/stderr" ||
	{ cat "$T/stderr" >&2; fail "harden-audit exited $? on the corpus"; }
[ -s "$T/stderr" ] && { cat "$T/stderr" >&2; fail "unexpected diagnostics"; }

awk '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
	printf "%s %s", $col["FILE"], $col["TYPE"]
	n = split("PIE RELRO NOW NX RWX TEXTREL CANARY FORTIFY CLASH CET BTI INIT RPATH", want, " ")
	for (i = 1; i <= n; i++) printf " %s", $col[want[i]]
	printf "\n"
}' "$T/table" | sort >"$T/actual"

# Only rows that were built (the a64 ones need the cross compiler).
awk 'NR == FNR { built[$1] = 1; next } ($1 in built) { $1 = $1; print }' \
    "$T/corpus/LIST" "$T/expected" | sort >"$T/expected.built"
[ "$(wc -l <"$T/expected.built")" -eq "$(wc -l <"$T/corpus/LIST")" ] ||
	fail "corpus rows without an expected verdict"
if ! diff -u "$T/expected.built" "$T/actual" >"$T/diff"; then
	echo "columns: name kind pie relro now nx rwx textrel canary fortify clash cet bti init rpath" >&2
	cat "$T/diff" >&2
	fail "verdicts differ from the known truth"
fi

# Independent cross-check of the ELF-level facts with readelf.
while read -r name; do
	hdr=$(readelf -hlWd "$T/corpus/$name" 2>/dev/null)
	row=$(grep "^$name " "$T/actual")
	set -- $row
	relro=$4 now=$5 nx=$6 textrel=$8
	[ "$relro" = n/a ] && continue		# object file
	if echo "$hdr" | grep -q TEXTREL; then x=yes; else x=no; fi
	[ "$x" = "$textrel" ] || fail "$name: textrel $textrel, readelf says $x"
	if echo "$hdr" | grep -q GNU_RELRO; then r=yes; else r=no; fi
	[ "$r" = "$relro" ] || fail "$name: relro $relro, readelf says $r"
	if echo "$hdr" | grep -q 'GNU_STACK.*RWE' ||
	    ! echo "$hdr" | grep -q GNU_STACK; then x=no; else x=yes; fi
	[ "$x" = "$nx" ] || fail "$name: nx $nx, readelf says $x"
	if echo "$hdr" | grep -Eq '\(BIND_NOW\)|FLAGS.*[ :]NOW|FLAGS.* BIND_NOW'; then
		[ "$now" = yes ] || fail "$name: bind-now $now, readelf shows NOW"
	else
		[ "$now" != yes ] || fail "$name: bind-now yes, readelf shows none"
	fi
done <"$T/corpus/LIST"

# The canary/fortify counts come from real imports: check one against nm.
n=$(nm -D "$T/corpus/gcc-standard" | grep ' U __[a-z0-9_]*_chk@' | grep -vc __stack_chk)
"$AUDIT" -v "$T/corpus/gcc-standard" | grep -q "fortify-source .* yes .* $n fortified" ||
	fail "gcc-standard: fortified count differs from nm ($n)"

echo "corpus: $(wc -l <"$T/corpus/LIST") binaries checked"
exit 0
