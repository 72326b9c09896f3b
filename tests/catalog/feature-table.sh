#!/bin/sh
# doc/features.md's table of the features, made from catalog/features.txt
# alone: name, level, summary and preconditions from the feature rows, the
# candidate flags (in the order they are tried) and the proof of each from
# the value rows, the flags that turn a feature off from its off row.
# Fails when doc/features.md's table, between the features markers,
# differs from the catalog's.
#
#	sh tests/catalog/feature-table.sh            checks doc/features.md
#	sh tests/catalog/feature-table.sh --write    rewrites its table
#	sh tests/catalog/feature-table.sh --print    prints the table
: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$S/tests/catalog/lib.sh"
generated_mode "$@"
begin='<!-- features:begin -->'
end='<!-- features:end -->'

# One row per feature, in catalog order.
awk "$catalog_where_awk"'
# flags(FROM): the WHERE:flag words from field FROM on, prefixes stripped,
# in code spans; a run of programs-only or libraries-only flags says so.
function flags(from,   i, f, scope, s, run, out) {
	out = run = scope = ""
	for (i = from; i <= NF; i++) {
		f = $i
		s = f ~ /^exe-/ ? "exe" : f ~ /^lib-/ ? "lib" : ""
		sub(/^[a-z+-]*:/, "", f)
		if (run != "" && s != scope) { out = out spanned(run, scope) " "; run = "" }
		run = run (run == "" ? "" : " ") f
		scope = s
	}
	return out spanned(run, scope)
}
function spanned(words, scope) {
	return "`" words "`" (scope == "exe" ? " (programs only)" : scope == "lib" ? " (shared libraries only)" : "")
}
# proof(PROOF): what the probe must show, in words.
function proof(p,   n, s, i, w) {
	if (p ~ /^sym:/) {
		n = split(substr(p, 5), s, ",")
		for (i = 1; i <= n; i++)
			w = w (i == 1 ? "" : i == n ? " or " : ", ") "`" s[i] "`"
		return "references to " w
	}
	if (p == "elf:pie") return "ELF headers: a PIE"
	if (p == "elf:relro") return "ELF headers: a `GNU_RELRO` segment"
	if (p == "elf:bind-now") return "ELF headers: `BIND_NOW`"
	if (p == "elf:noexecstack") return "ELF headers: `GNU_STACK` not executable"
	if (p == "elf:noopen") return "`DF_1_NOOPEN` in the probe built as a shared library"
	if (p == "elf:as-needed") return "`libm`, linked but unused, not recorded"
	if (p == "pe:dynamicbase") return "PE headers: `DYNAMIC_BASE`"
	if (p == "pe:high-entropy-va") return "PE headers: `HIGH_ENTROPY_VA`"
	if (p == "pe:nxcompat") return "PE headers: `NX_COMPAT`"
	if (p == "asm") return "code changes"
	if (p == "reject") return "misuse no longer compiles"
	if (p == "link") return "linker accepts it (effect not probed)"
	printf "feature-table.sh: no words for the proof %s\n", p > "/dev/stderr"
	failed = 1
	return p
}
# proofs(): the proof of each value, once; with several, each after the
# names of its values.
function proofs(   i, w) {
	if (nproofs == 1) return ptext[1]
	for (i = 1; i <= nproofs; i++)
		w = w (i == 1 ? "" : "; ") pnames[i] ": " ptext[i]
	return w
}
function flush() {
	if (name == "") return
	printf "| `%s` | %s | %s | %s | %s | %s | %s |\n", name,
		level == "request" ? "on request" : level, summary, where(req),
		values, proofs(), off == "" ? "-" : off
}
$1 == "feature" {
	flush()
	name = $2; level = $3; req = $4; values = off = ""; nproofs = 0
	summary = $0
	sub(/^feature[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]+/, "", summary)
	split("", said)
}
$1 == "value" && $2 == name {
	values = values (values == "" ? "" : ", ") ($3 == "yes" ? "" : $3 ": ") flags(5)
	p = proof($4)
	if (!(p in said)) { said[p] = ++nproofs; ptext[nproofs] = p; pnames[nproofs] = "" }
	i = said[p]
	if (index(", " pnames[i] ", ", ", " $3 ", ") == 0)
		pnames[i] = pnames[i] (pnames[i] == "" ? "" : ", ") $3
}
$1 == "off" && $2 == name { off = flags(3) }
END { flush(); exit failed }' "$S/catalog/features.txt" >rows || fail "cannot read the catalog"
{
	echo '| feature | level | what it is | where | flags (the first proven wins) | proven by | turned off with |'
	echo '|---|---|---|---|---|---|---|'
	cat rows
} >table
generated_text doc/features.md "$begin" "$end" "$T/table" "feature table"
[ "$mode" = test ] && echo ok
exit 0
