#!/bin/sh
# Makes the release tarball of the harden Meson subproject, for a [wrap-file]:
#   sh meson/dist.sh [OUTDIR]      -> OUTDIR/harden-VERSION.tar.gz (default .)
#   sh meson/dist.sh --list        -> the files it contains, one a line
# The tarball holds harden-VERSION/ with the files listed below, taken from
# the working tree, reproducibly (sorted, mtime 0, owner 0).  The last line
# printed is "source_hash = SHA256" for the wrap file.  Needs GNU tar.
set -e
srcdir=$(cd "$(dirname "$0")/.." && pwd)
cd "$srcdir"
files="meson.build meson_options.txt meson/meson.build meson/harden-report.txt.in
meson/README.md meson/dist.sh catalog/README.md catalog/features.txt catalog/probe.c
catalog/traits.c catalog/harden-flags tools/harden-audit.c tools/elf.c tools/checks.c tools/dwarf.c tools/elf.h
tools/audit.h tools/harden-audit.1"
if [ "$1" = --list ]; then
	for f in $files; do echo "$f"; done
	exit 0
fi
out=${1:-.}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -n "s/^ *version: '\([^']*\)'.*/\1/p" meson.build | head -n 1)
[ -n "$version" ] || { echo "dist.sh: no version in meson.build" >&2; exit 1; }
name=harden-$version
for f in $files; do
	[ -f "$f" ] || { echo "dist.sh: missing $f" >&2; exit 1; }
done
# shellcheck disable=SC2086
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
	--transform "s,^,$name/," -cf - $files | gzip -n -9 >"$out/$name.tar.gz"
echo "$out/$name.tar.gz"
echo "source_hash = $(sha256sum "$out/$name.tar.gz" | cut -d' ' -f1)"
