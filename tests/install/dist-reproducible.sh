#!/bin/sh
# make dist is reproducible: two check-outs of the same commit, one made
# under umask 022 and one under umask 002 (its files group-writable), with
# different file mtimes, and released a second apart, give byte-identical
# tarballs and wrap-files (so the same source_hash).  In the tarball every
# file is 644, or 755 for harden-flags, owned by 0/0, with the commit's
# date as its mtime; SOURCE_DATE_EPOCH, when set, gives the mtime instead.
# The check-outs are git clones of the source tree with its working files
# copied over them (so the test covers uncommitted changes too); without
# git history, plain copies (mtime 0).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need make tar gzip sha256sum cmp
v=$(installed_version)
url=https://example.org/harden

epoch=0
if have git && top=$(git -C "$S" rev-parse --show-toplevel 2>/dev/null) &&
    [ "$(cd "$top" && pwd -P)" = "$(cd "$S" && pwd -P)" ] &&
    [ "$(git -C "$S" rev-parse --is-shallow-repository)" = false ]; then
	epoch=$(git -C "$S" log -1 --format=%ct HEAD) || fail "git log failed"
	git=yes
else
	note "not a git checkout with history: plain copies, mtime 0"
	git=no
fi

# checkout DIR UMASK STAMP: the check-out, its files touched at STAMP.
checkout() {
	(
		umask "$2"
		if [ "$git" = yes ]; then
			git clone -q "$S" "$1" || exit 1
		fi
		(cd "$S" && sh meson/dist.sh --list) | while read -r f; do
			mkdir -p "$1/$(dirname "$f")" && cat "$S/$f" >"$1/$f.new" && mv -f "$1/$f.new" "$1/$f" &&
				if [ -x "$S/$f" ]; then chmod +x "$1/$f"; fi || exit 1
		done || exit 1
		[ "$2" = 022 ] || find "$1" -type f ! -path '*/.git/*' -exec chmod g+w {} + || exit 1
		find "$1" ! -path '*/.git/*' -exec touch -h -d "$3" {} +
	) || fail "cannot make the check-out $1"
}
# release DIR UMASK OUT [VAR=VALUE]: make dist of DIR into OUT.
release() {
	_d=$1 _u=$2 _o=$3
	shift 3
	(umask "$_u" && env "$@" make -C "$_d" dist DISTDIR="$_o" DIST_URL="$url") >"$_o.log" 2>&1 ||
		{ tail -n 20 "$_o.log"; fail "make dist in $_d failed"; }
}

checkout "$T/a" 022 '2001-02-03 04:05:06'
checkout "$T/b" 002 "$(date '+%Y-%m-%d %H:%M:%S')"
[ "$(stat -c %a "$T/b/Makefile")" = 664 ] && [ "$(stat -c %a "$T/a/Makefile")" = 644 ] ||
	fail "the check-outs do not differ in modes: $(ls -l "$T/a/Makefile" "$T/b/Makefile")"
release "$T/a" 022 "$T/da"
sleep 1
release "$T/b" 002 "$T/db"
for f in harden-$v.tar.gz harden-$v.wrap harden-$v.tar.gz.sha256; do
	cmp "$T/da/$f" "$T/db/$f" || fail "$f differs between the two releases"
done
hash=$(sed -n 's/^source_hash = //p' "$T/da/harden-$v.wrap")
[ "$hash" = "$(sha256sum <"$T/db/harden-$v.tar.gz" | cut -d' ' -f1)" ] || fail "the wrap's source_hash is not the tarball's"
grep -q "mtime $epoch " "$T/da.log" || fail "make dist did not say mtime $epoch: $(grep mtime "$T/da.log")"
note "both releases: source_hash = $hash (mtime $epoch)"

# What the tarball holds: modes, owners, one mtime.
want_time=$(date -u -d "@$epoch" '+%Y-%m-%d %H:%M:%S')
TZ=UTC tar --full-time -tvzf "$T/da/harden-$v.tar.gz" >"$T/list"
awk -v t="$want_time" -v n="harden-$v/catalog/harden-flags" '
	{ mode = ($6 == n) ? "-rwxr-xr-x" : "-rw-r--r--"
	  if ($1 != mode || $2 != "0/0" || $4 " " $5 != t) { print "bad entry: " $0; bad = 1 } }
	END { exit bad }' "$T/list" || fail "the tarball's modes, owners or mtimes are not normalised (want $want_time)"

# SOURCE_DATE_EPOCH wins.
release "$T/b" 002 "$T/dc" SOURCE_DATE_EPOCH=1700000000
TZ=UTC tar --full-time -tvzf "$T/dc/harden-$v.tar.gz" | awk '$4 " " $5 != "2023-11-14 22:13:20" { print; bad = 1 } END { exit bad }' ||
	fail "SOURCE_DATE_EPOCH=1700000000 is not the mtime"
exit 0
