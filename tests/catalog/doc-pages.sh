#!/bin/sh
# doc/autoconf.md and doc/cmake.md are the reference that m4/harden.m4 (its
# header comment) and cmake/Harden.cmake (its rst block) carry, converted
# to Markdown, so that each text is written once, in the file it
# documents, and the page cannot go stale (issue 34).  Fails when a page's
# text between its markers differs from its source's.
#
#	sh tests/catalog/doc-pages.sh            checks both pages
#	sh tests/catalog/doc-pages.sh --write    rewrites their generated text
#	sh tests/catalog/doc-pages.sh --print    prints the generated texts
#
# The m4 header (after its title and serial lines, up to its LICENSE,
# which is the file's): "#   " starts a line of text, "# TITLE" a section
# (all capitals become "Title"), a lone "#" a blank line.  A run of text
# lines indented further (no blank line inside) is a code block: "m4" when
# its first line is "# configure.ac...", "make" when "# Makefile.am...",
# plain otherwise.  Text is Markdown already (`code`).
#
# The rst block: a title underlined with "-" or "^" becomes "##" or "###";
# ".. command:: NAME" a "####" heading, its indented body moved left; a
# ".. code-block:: LANG" and its indented lines a fenced block at the
# directive's indentation; a definition list term (lines followed by
# lines indented further) a list item "- TERM\" (a line break), its
# definition the item's body; ``literal`` becomes `literal`; "*" bullets
# stay.
: "${HARDEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$S/tests/catalog/lib.sh"
generated_mode "$@"
end='<!-- end of generated text -->'

# begin_marker SOURCE: the line before a page's generated text.
begin_marker() {
	echo "<!-- generated from $1 by tests/catalog/doc-pages.sh --write: edit there -->"
}

# m4_header_markdown FILE: the header comment of FILE in Markdown.
m4_header_markdown() {
	awk '
	function flush(   i, n, min, lang) {
		if (nblock == 0) return
		min = 1000
		for (i = 1; i <= nblock; i++) {
			n = match(block[i], /[^ ]/) - 1
			if (n < min) min = n
		}
		for (i = 1; i <= nblock; i++) block[i] = substr(block[i], min + 1)
		lang = block[1] ~ /^# configure\.ac/ ? "m4" : block[1] ~ /^# Makefile\.am/ ? "make" : ""
		print "```" lang
		for (i = 1; i <= nblock; i++) print block[i]
		print "```"
		nblock = 0
	}
	NR <= 2 { next }
	!/^#/ || /^# LICENSE$/ { exit }
	/^# *$/ { flush(); print ""; next }
	/^# [^ ]/ {
		flush()
		title = substr($0, 3)
		if (title ~ /^[A-Z ]+$/) title = substr(title, 1, 1) tolower(substr(title, 2))
		print "## " title
		next
	}
	{
		text = substr($0, 5)
		if (text ~ /^  /) { block[++nblock] = text; next }
		flush()
		print text
	}
	END { flush() }' "$1"
}

# rst_markdown FILE: the rst documentation block of FILE in Markdown.
rst_markdown() {
	awk '
	function indent(s) { return match(s, /[^ ]/) ? RSTART - 1 : -1 }
	function pad(n,   s) { s = ""; while (n-- > 0) s = s " "; return s }
	function inline(s) { gsub(/``/, "`", s); return s }
	/^#\]=+\]$/ { on = 0 }
	on { line[++n] = $0 }
	/^#\[=+\[\.rst:$/ { on = 1 }
	END {
		commands()
		for (i = 1; i <= n; i++) i = convert(i)
	}
	# commands(): each ".. command::" body moved left by its indentation.
	function commands(   i, in_cmd) {
		for (i = 1; i <= n; i++) {
			if (line[i] ~ /^\.\. command:: /) { in_cmd = 1; continue }
			if (in_cmd && line[i] != "" && indent(line[i]) < 2) in_cmd = 0
			if (in_cmd) line[i] = substr(line[i], 3)
		}
	}
	# convert(I): prints line I and the lines it governs; returns the last.
	function convert(i,   l, d, j, term) {
		l = line[i]
		d = indent(l)
		if (l ~ /^\.\. command:: /) { print "#### " substr(l, 14); return i }
		if (line[i + 1] ~ /^-+$/ && l != "") { print "## " l; return i + 1 }
		if (line[i + 1] ~ /^\^+$/ && l != "") { print "### " l; return i + 1 }
		if (l ~ /^ *\.\. code-block:: /) return code_block(i, d)
		if (d < 0 || l ~ /^ *\* /) { print inline(l); return i }
		# A paragraph starts here: a term when lines indented further follow it.
		for (j = i; j < n && line[j + 1] != "" && indent(line[j + 1]) == d; j++) ;
		if (j < n && line[j + 1] != "" && indent(line[j + 1]) > d) {
			term = ""
			for (; i <= j; i++) term = term (term == "" ? "" : " ") substr(line[i], d + 1)
			print pad(d) "- " inline(term) "\\"	# a line break before the definition
			return j
		}
		for (; i <= j; i++) print inline(line[i])
		return j
	}
	# code_block(I, D): the directive at I, indented D, and its block.
	function code_block(i, d,   lang, j, k, min, m) {
		lang = line[i]
		sub(/^ *\.\. code-block:: */, "", lang)
		for (j = i + 1; j <= n && (line[j] == "" || indent(line[j]) > d); j++) ;
		for (k = j - 1; k > i && line[k] == ""; k--) ;	# trailing blank lines
		min = 1000
		for (m = i + 1; m <= k; m++)
			if (line[m] != "" && indent(line[m]) < min) min = indent(line[m])
		print pad(d) "```" lang
		for (m = i + 1; m <= k; m++)
			if (line[m] != "" || m > i + 1) print line[m] == "" ? "" : pad(d) substr(line[m], min + 1)
		print pad(d) "```"
		return k
	}' "$1"
}

# page PAGE SOURCE CONVERSION: PAGE (doc/NAME.md) with the text between its
# markers made by CONVERSION of SOURCE.
page() {
	"$3" "$S/$2" >"$T/${1##*/}.text" || fail "cannot convert $2"
	[ -s "$T/${1##*/}.text" ] || fail "no text converted from $2"
	generated_text "$1" "$(begin_marker "$2")" "$end" "$T/${1##*/}.text" "text from $2" "edit $2, then"
}

page doc/autoconf.md m4/harden.m4 m4_header_markdown
page doc/cmake.md cmake/Harden.cmake rst_markdown
[ "$mode" = test ] && echo ok
exit 0
