#!/bin/sh
# Makes a release of harden: the tarball, its SHA-256 sum and the Meson
# wrap-file that points at it.  `make dist` runs it.
#   sh meson/dist.sh [--url=BASE] [OUTDIR]   (OUTDIR default ., the current directory)
#     -> OUTDIR/harden-VERSION.tar.gz         the release tarball
#        OUTDIR/harden-VERSION.tar.gz.sha256  its sum (sha256sum -c format)
#        OUTDIR/harden-VERSION.wrap           a [wrap-file] for it: save it as
#                                             subprojects/harden.wrap
#   sh meson/dist.sh --list                  the files it contains, one a line
# VERSION is the file VERSION.  The tarball holds harden-VERSION/ with the
# files listed below, taken from the working tree: the Meson subproject, the
# CMake module and package, the Autoconf macro, the catalog and its driver,
# the sources of harden-audit and harden-cost, and the top-level Makefile,
# so that `make install` works from it.  The wrap's source_url is
# BASE/harden-VERSION.tar.gz (default BASE: file://OUTDIR, for a local
# test).  The paths printed are the tarball, the sum and the wrap; the last
# line printed is "source_hash = SHA256".  Needs GNU tar.
#
# Reproducible: the same files give the same bytes whatever the umask, the
# user, the clock and when the files were checked out.  The files are in a
# fixed order (the list below, globs sorted in the C locale), with owner
# and group 0 and no names, the mode 644, or 755 for a file executable by
# anyone (u=rwX,go=rX), in the GNU format, compressed with gzip -n (no name
# or time in the header).  Every file has one mtime:
#   SOURCE_DATE_EPOCH, if set (seconds since 1970, reproducible-builds.org);
#   else the committer date of HEAD, when this is the top of a git checkout
#   (a working tree with changes gets it too: commit first);
#   else 0 (1970-01-01, e.g. a make dist from a release tarball).
# Standard error says which ("dist.sh: mtime N (...)").  A user that git
# refuses to serve (safe.directory) gets 0: set SOURCE_DATE_EPOCH then.
set -e
export LC_ALL=C
here=$(pwd)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
cd "$srcdir"
files="VERSION NEWS README.md LICENSE Makefile harden-tools.pc.in $(ls doc/*.md)
meson.build meson_options.txt meson/meson.build
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
case $out in /*) ;; *) out=$here/$out ;; esac
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
if [ -n "${SOURCE_DATE_EPOCH+set}" ]; then
	mtime=$SOURCE_DATE_EPOCH from=SOURCE_DATE_EPOCH
	case $mtime in ''|*[!0-9]*) echo "dist.sh: SOURCE_DATE_EPOCH is not a number of seconds: '$mtime'" >&2; exit 1 ;; esac
elif top=$(git rev-parse --show-toplevel 2>/dev/null) && [ "$(cd "$top" && pwd -P)" = "$(pwd -P)" ] &&
	mtime=$(git log -1 --format=%ct HEAD 2>/dev/null) && [ -n "$mtime" ]; then
	from="the date of the commit $(git rev-parse --short HEAD)"
elif [ -e .git ]; then
	mtime=0 from="git cannot read $srcdir, not a safe.directory of this user? set SOURCE_DATE_EPOCH"
else
	mtime=0 from="no SOURCE_DATE_EPOCH, no git checkout"
fi
echo "dist.sh: mtime $mtime ($from)" >&2
# shellcheck disable=SC2086
tar --format=gnu --sort=name --mtime="@$mtime" --owner=0 --group=0 --numeric-owner --mode=u=rwX,go=rX \
	--transform "s,^,$name/," -cf - $files | gzip -n -9 >"$out/$name.tar.gz"
hash=$(cd "$out" && sha256sum "$name.tar.gz" | tee "$name.tar.gz.sha256" | cut -d' ' -f1)
cat >"$out/$name.wrap" <<EOW
[wrap-file]
directory = $name
source_url = ${url%/}/$name.tar.gz
source_filename = $name.tar.gz
source_hash = $hash

[provide]
dependency_names = harden, harden-exe, harden-lib, harden-c, harden-c-exe, harden-c-lib, harden-cpp, harden-cpp-exe, harden-cpp-lib
program_names = harden-audit
EOW
echo "$out/$name.tar.gz"
echo "$out/$name.tar.gz.sha256"
echo "$out/$name.wrap"
echo "source_hash = $hash"
