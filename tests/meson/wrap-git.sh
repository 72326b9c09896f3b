#!/bin/sh
# Way 1: a [wrap-git] pointing at a clone of this repository.  The current
# working tree is copied and committed in a scratch repository, because
# the repository's own HEAD may not hold the current files.
. "$HARDEN_SRCDIR/tests/lib.sh"
need git gcc readelf
mkdir -p "$T/repo"
(cd "$S" && tar -cf - --exclude=.git --exclude='./build*' .) | (cd "$T/repo" && tar -xf -) ||
	fail "cannot copy the working tree"
(
	cd "$T/repo" && git init -q -b main . && git add -A &&
	git -c user.name=harden-test -c user.email=test@invalid commit -q -m snapshot
) || fail "cannot commit the snapshot"
meson_parent "$T/p"
cat >"$T/p/subprojects/harden.wrap" <<EOW
[wrap-git]
url = $T/repo
revision = main
depth = 1

[provide]
dependency_names = harden, harden-exe
EOW
CC=gcc meson_setup "$T/p" "$T/b" --buildtype=release
[ -f "$T/p/subprojects/harden/.git/HEAD" ] || [ -f "$T/p/subprojects/harden/.git" ] || fail "subprojects/harden is not a git clone"
meson_check_way "$T/b"
echo ok
