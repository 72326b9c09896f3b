#!/bin/sh
# The documentation says each thing once and agrees with the code (issue
# 34): no paragraph of a Markdown file (outside code blocks and tables) is
# in the docs twice, since one copy goes stale; every meson_version the
# docs and examples state is the subproject's (meson.build), every
# cmake_minimum_required at least the module's (cmake/Harden.cmake stops
# below it), and README.md's table of requirements names those two;
# README.md's Meson quick start is the block the Meson tests build; every
# HARDEN_ variable and --option the docs name exists.
. "$HARDEN_SRCDIR/tests/lib.sh"
cd "$S" || exit 99
docs=$(git ls-files '*.md' 2>/dev/null) || docs=$(find . -name '*.md' ! -path './.git/*')
[ -n "$docs" ] || fail "no Markdown files"

# Paragraphs of 100 characters or more, whitespace folded, with their file.
# shellcheck disable=SC2086 # file names
awk '
	function flush() { if (length(p) >= 100) print FILENAME "\t" p; p = "" }
	FNR == 1 { flush(); code = 0 }
	/^```/ { flush(); code = !code; next }
	code || /^ *\|/ { next }
	/^[ \t]*$/ { flush(); next }
	{ $1 = $1; p = p (p == "" ? "" : " ") $0 }
	END { flush() }' $docs >"$T/paragraphs"
[ -s "$T/paragraphs" ] || fail "no paragraphs read"
dups=$(cut -f 2- "$T/paragraphs" | sort | uniq -d | cut -c 1-120)
[ -z "$dups" ] || fail "paragraphs in the docs twice: $dups"

# Meson: the subproject's version, stated the same everywhere.
want=$(sed -n "s/^ *meson_version: '>= *\([0-9.]*\)'.*/\1/p" meson.build)
[ -n "$want" ] || fail "no meson_version in meson.build"
# shellcheck disable=SC2086 # file names
grep -o "meson_version: '>= *[0-9.]*'" $docs examples/*/meson.build | while IFS= read -r hit; do
	v=$(echo "$hit" | sed "s/.*'>= *\([0-9.]*\)'/\1/")
	[ "$v" = "$want" ] || { echo "FAIL: ${hit%%:*} states meson_version >= $v, the subproject needs $want"; exit 1; }
done || exit 1
grep -q "^| the Meson subproject | Meson ${want%.0} |" README.md ||
	fail "README.md's requirements do not say Meson ${want%.0}: $(grep '^| the Meson' README.md)"

# CMake: the module stops below its minimum; no example or doc states less.
min=$(sed -n 's/^if(CMAKE_VERSION VERSION_LESS \([0-9.]*\))$/\1/p' cmake/Harden.cmake)
[ -n "$min" ] || fail "no minimum CMake version in cmake/Harden.cmake"
# shellcheck disable=SC2086 # file names
grep -o 'cmake_minimum_required(VERSION [0-9.]*' $docs examples/*/CMakeLists.txt | while IFS= read -r hit; do
	v=${hit##* }
	[ "$(printf '%s\n%s\n' "$min" "$v" | sort -V | head -n 1)" = "$min" ] ||
		{ echo "FAIL: ${hit%%:*} states CMake $v, cmake/Harden.cmake needs $min"; exit 1; }
done || exit 1
grep -q "^| \`cmake/Harden.cmake\` | CMake $min " README.md ||
	fail "README.md's requirements do not say CMake $min: $(grep '^| `cmake/Harden' README.md)"

# README.md's Meson quick start is meson/README.md's "Using it" block,
# which the Meson tests build (meson_readme_sources).
awk '/^## Quick start: Meson/ { u = 1 } u && /^```meson/ { f = 1; next } f && /^```/ { exit } f' README.md >"$T/readme.meson"
awk '/^## Using it/ { u = 1 } u && /^```meson/ { f = 1; next } f && /^```/ { exit } f' meson/README.md >"$T/using.meson"
[ -s "$T/readme.meson" ] && cmp -s "$T/readme.meson" "$T/using.meson" ||
	fail "README.md's Meson quick start is not meson/README.md's 'Using it' block: $(diff "$T/readme.meson" "$T/using.meson" | head -n 6)"

# Every variable HARDEN_WORD and every --option the docs name outside code
# blocks is the code's (a frontend, the driver, a tool's --help, the test
# runner), a configure option of a catalog feature (--enable-NAME,
# --disable-NAME), or another program's named here.
others='--force-fallback-for --include-subprojects --wrap-mode --variable --shuffle-sections --test-dir'	# Meson's, pkg-config's, ld's, ctest's
for t in catalog/harden-flags; do sh "$t" --help; done >"$T/code" 2>&1 || fail "harden-flags --help failed"
tools_build "harden-audit harden-cost"	# the run's (tests/lib.sh)
"$TOOLS/harden-audit" --help >>"$T/code" 2>&1
"$TOOLS/harden-cost" --help >>"$T/code" 2>&1
cat m4/harden.m4 cmake/Harden.cmake meson/meson.build meson_options.txt tools/Makefile tools/*/*.c \
	Makefile meson/dist.sh bench/*.sh tests/run >>"$T/code" || exit 99
features=$(sh catalog/harden-flags --list | awk '{ print $1 }' | tr '\n' ' ')
# shellcheck disable=SC2086 # file names
awk '/^```/ { c = !c; next } !c' $docs >"$T/prose"
for w in $(grep -o 'HARDEN_[A-Z0-9_]*[A-Z0-9]' "$T/prose" | sort -u); do
	grep -q "$w" "$T/code" || fail "the docs name $w, which no code has"
done
for o in $(grep -o -- '--[a-z][a-z0-9-]*' "$T/prose" | sort -u); do
	case " $others " in *" $o "*) continue ;; esac
	f=${o#--enable-} f=${f#--disable-}
	case " $features hardening " in *" $f "*) continue ;; esac
	grep -q -- "$o" "$T/code" || fail "the docs name the option $o, which no code has"
done
echo ok
