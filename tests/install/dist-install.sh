#!/bin/sh
# The release tarball of make dist holds everything make install needs:
# make install from the extracted tarball (no git, no source tree) installs
# the same files, byte for byte, as make install from the source tree; the
# tarball's files are those of meson/dist.sh --list, under harden-VERSION/,
# with harden-flags executable.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need make gcc tar
v=$(installed_version)
run "$T/dist.log" make -C "$S" dist DISTDIR="$T/dist"
tarball=$T/dist/harden-$v.tar.gz
tar -tzf "$tarball" | sort >"$T/got"
(cd "$S" && sh meson/dist.sh --list) | sed "s,^,harden-$v/," | sort >"$T/want"
diff "$T/want" "$T/got" || fail "the tarball's files are not those of dist.sh --list"
tar -tvzf "$tarball" | grep -q "^-rwx.* harden-$v/catalog/harden-flags$" || fail "harden-flags is not executable in the tarball"

mkdir -p "$T/x" && tar -xzf "$tarball" -C "$T/x" || fail "cannot extract"
run "$T/install-tar.log" make -C "$T/x/harden-$v" install PREFIX="$T/a" O="$T/obj-a"
installed_prefix	# the tree's, as every test that reads it has it
(cd "$T/a" && find . -type f | sort) >"$T/a.list"
(cd "$P" && find . -type f | sort) >"$T/b.list"
diff "$T/b.list" "$T/a.list" || fail "make install from the tarball installs other files"
while read -r f; do
	case $f in ./bin/harden-audit|./bin/harden-cost) continue ;; esac
	# The paths written into the installed files are the prefix's.
	sed "s,$T/a,PREFIX,g" "$T/a/$f" >"$T/fa"
	sed "s,$P,PREFIX,g" "$P/$f" >"$T/fb"
	cmp -s "$T/fa" "$T/fb" || fail "$f differs between the tarball's install and the tree's"
done <"$T/a.list"
exit 0
