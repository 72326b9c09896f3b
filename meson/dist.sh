#!/bin/sh
# Makes a release of harden: the tarball, its SHA-256 sum and the Meson
# wrap-file that points at it.  `make dist` runs it.
#   sh meson/dist.sh [--url=BASE] [OUTDIR]   (OUTDIR default .)
#     -> OUTDIR/harden-VERSION.tar.gz         the release tarball
#        OUTDIR/harden-VERSION.tar.gz.sha256  its sum (sha256sum -c format)
#        OUTDIR/harden-VERSION.wrap           a [wrap-file] for it: save it as
#                                             subprojects/harden.wrap
#   sh meson/dist.sh --list                  the files it contains, one a line
# VERSION is the file VERSION.  The tarball holds harden-VERSION/ with the
# files listed below, taken from the working tree, reproducibly (sorted,
# mtime 0, owner 0): the Meson subproject, the CMake module and package, the
# Autoconf macro, the catalog and its driver, the sources of harden-audit and
# harden-cost, and the top-level Makefile, so that `make install` works from
# it.  The wrap's source_url is BASE/harden-VERSION.tar.gz (default BASE:
# file://OUTDIR, for a local test).  The paths printed are the tarball, the
# sum and the wrap; the last line printed is "source_hash = SHA256".  Needs
# GNU tar.
set -e
srcdir=$(cd "$(dirname "$0")/.." && pwd)
cd "$srcdir"
files="VERSION NEWS README.md LICENSE Makefile harden-tools.pc.in
meson.build meson_options.txt meson/meson.build meson/harden-report.txt.in
meson/README.md meson/dist.sh
catalog/README.md catalog/features.txt catalog/probe.c catalog/traits.c
catalog/harden-flags catalog/harden-flags.1
m4/harden.m4 build-aux/embed-catalog.c
CMakeLists.txt cmake/Harden.cmake cmake/HardenConfig.cmake.in cmake/HardenConfigVersion.cmake.in
tools/Makefile $(cd tools && ls audit/*.[ch1] audit/sources.txt cost/*.[ch1] cost/sources.txt lib/*.[ch] |
	grep -v fuzz-elf | sed 's,^,tools/,')"
url=
case $1 in
--list)
	for f in $files; do echo "$f"; done
	exit 0 ;;
--url=*) url=${1#--url=}; shift ;;
esac
out=${1:-.}
mkdir -p "$out"
out=$(cd "$out" && pwd)
: "${url:=file://$out}"
version=
[ -r VERSION ] && read -r version <VERSION
case $version in
''|*[!0-9.]*) echo "dist.sh: no version in VERSION" >&2; exit 1 ;;
esac
name=harden-$version
for f in $files; do
	[ -f "$f" ] || { echo "dist.sh: missing $f" >&2; exit 1; }
done
# shellcheck disable=SC2086
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
	--transform "s,^,$name/," -cf - $files | gzip -n -9 >"$out/$name.tar.gz"
hash=$(cd "$out" && sha256sum "$name.tar.gz" | tee "$name.tar.gz.sha256" | cut -d' ' -f1)
cat >"$out/$name.wrap" <<EOW
[wrap-file]
directory = $name
source_url = ${url%/}/$name.tar.gz
source_filename = $name.tar.gz
source_hash = $hash

[provide]
dependency_names = harden, harden-exe, harden-c, harden-c-exe, harden-cpp, harden-cpp-exe
program_names = harden-audit
EOW
echo "$out/$name.tar.gz"
echo "$out/$name.tar.gz.sha256"
echo "$out/$name.wrap"
echo "source_hash = $hash"
