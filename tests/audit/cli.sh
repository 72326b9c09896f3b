#!/bin/sh
# cli.sh - command-line contract: --help exits 0, bad options and missing
# operands exit 2 with a usage line, --expect with an unknown feature exits
# 2 and lists the valid names, --expect-for and --except-for hold one
# file to a list of its own, --json is valid JSON (also with errors and
# odd strings), a missing file or one that is neither ELF nor PE exits 2
# but the other files are still reported.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit
write_sources
cc=${HARDEN_GCC:-gcc}
$cc -O2 -o "$T/good" "$T/src/prog.c" || fail "cannot compile"
# A RUNPATH with characters JSON must escape.
$cc -O2 -o "$T/odd" "$T/src/prog.c" '-Wl,-rpath,/o"dd\dir	tab' ||
	fail "cannot compile"

expect_status() {	# expect_status WANT CMD...
	want=$1
	shift
	"$@" >"$T/stdout" 2>"$T/stderr"
	got=$?
	[ "$got" -eq "$want" ] || {
		cat "$T/stderr" >&2
		fail "'$*' exited $got, want $want"
	}
}

expect_status 0 "$AUDIT" --help
grep -q '^usage: harden-audit ' "$T/stdout" || fail "--help: no usage line"
grep -qx '  stack-clash-protection' "$T/stdout" || fail "--help: no feature list"
expect_status 0 "$AUDIT" -h

expect_status 2 "$AUDIT" --no-such-option "$T/good"
grep -q '^usage: harden-audit ' "$T/stderr" || fail "bad option: no usage line"
expect_status 2 "$AUDIT" -Z "$T/good"
grep -q '^usage: harden-audit ' "$T/stderr" || fail "-Z: no usage line"
expect_status 2 "$AUDIT"
grep -q '^usage: harden-audit ' "$T/stderr" || fail "no operand: no usage line"
expect_status 2 "$AUDIT" --expect "$T/good"	# option argument eaten, no file

expect_status 2 "$AUDIT" --expect pie,no-such-feature "$T/good"
grep -q "no-such-feature" "$T/stderr" || fail "unknown feature not named"
for f in stack-protector fortify-source stack-clash-protection cf-protection \
    branch-protection pie relro bind-now noexecstack \
    auto-var-init strict-flex-arrays zero-call-used-regs wrapv \
    no-delete-null-pointer-checks no-strict-aliasing trap-bounds \
    dynamicbase high-entropy-va nxcompat; do
	grep -qx "  $f" "$T/stderr" || fail "valid name $f not listed"
done
expect_status 2 "$AUDIT" --expect textrel "$T/good"	# a fact, not a feature

# Per-file expectations: $T/nopie (no PIE) fails --expect pie, passes with
# --except-for (its list but pie) or --expect-for (a list of its own),
# while $T/good is still held to pie; a file that is not an operand, or an
# empty --except-for list, is exit 2.
$cc -O2 -no-pie -fno-pie -o "$T/nopie" "$T/src/prog.c" || fail "cannot compile"
expect_status 1 "$AUDIT" -q --expect pie,noexecstack "$T/good" "$T/nopie"
grep -q "nopie: pie not proven" "$T/stderr" || fail "nopie: pie not named: $(cat "$T/stderr")"
expect_status 0 "$AUDIT" -q --expect pie,noexecstack --except-for "$T/nopie=pie" "$T/good" "$T/nopie"
expect_status 0 "$AUDIT" -q --expect-for "$T/nopie=noexecstack" --expect pie "$T/good" "$T/nopie"
expect_status 1 "$AUDIT" -q --expect-for "$T/good=noexecstack" --expect pie "$T/good" "$T/nopie"
expect_status 2 "$AUDIT" -q --expect pie --except-for "$T/other=pie" "$T/good"
grep -q -- "--except-for $T/other: not a program or library among the operands" "$T/stderr" ||
	fail "an --except-for of no operand: $(cat "$T/stderr")"
expect_status 2 "$AUDIT" --expect pie --except-for "$T/good=" "$T/good"

# The --expect vocabulary is the catalog's (catalog/features.txt): --help
# lists the provable names and, apart, those it refuses (format-security),
# and, apart too, the properties of the file alone (wxorx, safe-rpath...),
# each of which the man page describes.
cat=$HARDEN_SRCDIR/catalog/features.txt
if [ -f "$cat" ]; then
	"$AUDIT" --help | sed -n '/^Features /,/^$/s/^  \([a-z][a-z0-9-]*\)$/\1/p' |
		sort >"$T/ours"
	"$AUDIT" --help | sed -n '/^Properties of the file alone/,/^$/s/^  \([a-z][a-z0-9-]*\)$/\1/p' \
		>"$T/own"
	[ -s "$T/own" ] || fail "--help lists no property of the file alone"
	while read -r p; do
		grep -q "^\.It $p\$" "$HARDEN_SRCDIR/tools/audit/harden-audit.1" ||
			fail "$p: not described in harden-audit.1"
		awk -v p="$p" '$1 == "feature" && $2 == p { f = 1 } END { exit !f }' "$cat" &&
			fail "$p: a catalog feature listed as the file's own"
	done <"$T/own"
	awk '$1 == "feature" { print $2 }' "$cat" | sort >"$T/catalog"
	diff -u "$T/catalog" "$T/ours" >&2 ||
		fail "--expect names differ from catalog/features.txt"
fi

# Missing and non-ELF/PE files: exit 2, message names the file, others reported.
printf '#!/bin/sh\necho hi\n' >"$T/script.sh"
expect_status 2 "$AUDIT" "$T/missing" "$T/good" "$T/script.sh" "$T"
grep -q "$T/missing: No such file" "$T/stderr" || fail "missing file not named"
grep -q "$T/script.sh: not an ELF, PE or ar file" "$T/stderr" || fail "script not named"
grep -q "$T: not a regular file" "$T/stderr" || fail "directory not named"
grep -q " $T/good\$" "$T/stdout" || fail "good file not reported"
[ "$(wc -l <"$T/stdout")" -eq 2 ] || fail "table: want header + 1 row"

# Windows PE from mingw, when installed: audited like an ELF file, in the
# same table (tests/audit/pe-*.sh check the verdicts).
if have x86_64-w64-mingw32-gcc; then
	x86_64-w64-mingw32-gcc -o "$T/w.exe" "$T/src/nocanary.c" ||
		fail "mingw compile"
	expect_status 0 "$AUDIT" "$T/good" "$T/w.exe"
	grep -q "^pe-exe .* $T/w.exe\$" "$T/stdout" || fail "PE: no pe-exe row"
fi

# JSON: valid, one object per file, errors included, strings escaped.
expect_status 2 "$AUDIT" --json "$T/good" "$T/missing" "$T/odd"
python3 -m json.tool "$T/stdout" >/dev/null || fail "--json: invalid JSON"
python3 - "$T/stdout" "$T" <<'EOPY' || fail "--json content"
import json, sys
d = json.load(open(sys.argv[1]))
t = sys.argv[2]
assert [o['file'] for o in d] == [t + '/good', t + '/missing', t + '/odd'], d
assert 'error' in d[1] and 'No such file' in d[1]['error']
assert d[2]['runpath'] == '/o"dd\\dir\ttab', d[2]['runpath']
p = d[0]['properties']
for k in ('pie', 'relro', 'bind-now', 'noexecstack', 'stack-protector',
          'fortify-source', 'stack-clash-protection', 'cf-protection'):
    assert p[k]['result'] in ('yes', 'no', 'unknown', 'n/a'), k
    assert p[k]['reason'], k
assert p['pie']['result'] == 'yes' and d[0]['kind'] == 'pie'
assert d[0]['format'] == 'ELF' and d[0]['class'] in ('ELF32', 'ELF64'), d[0]
assert p['nxcompat']['result'] == 'other-format', p['nxcompat']
assert 'pe' not in d[0]
EOPY
expect_status 0 "$AUDIT" -j --expect pie "$T/good"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d[0]["expect"]=={"missing":[],"passed":True}, d' \
    "$T/stdout" || fail "--json --expect: no expect object"

# The man page exists, renders without warnings, and shows the same usage.
man=$HARDEN_SRCDIR/tools/audit/harden-audit.1
[ -f "$man" ] || fail "no man page"
if have groff; then
	groff -mandoc -ww -z "$man" 2>"$T/groff.err"
	[ -s "$T/groff.err" ] && { cat "$T/groff.err" >&2; fail "man page warnings"; }
fi
grep -q '^\.Op Fl e Ar feature' "$man" || fail "man page SYNOPSIS lacks -e feature"
echo "cli: ok"
exit 0
