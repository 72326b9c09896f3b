#!/bin/sh
# make uninstall leaves nothing behind: after make install DESTDIR=... the
# same make uninstall DESTDIR=... leaves the staging directory empty (every
# file and every directory install created is gone, usr/local and usr
# too); with PREFIX alone, a prefix that install created is removed, and a
# directory that existed before the install, and a file of someone else in
# a directory install created, are kept.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need make gcc

# Staged, as a packager does (the prefix is the default, /usr/local).
run "$T/install.log" make -C "$S" install DESTDIR="$T/stage" O="$T/obj"
[ -x "$T/stage/usr/local/bin/harden-flags" ] || fail "DESTDIR install: no usr/local/bin/harden-flags"
n=$(find "$T/stage" -type f | wc -l)
[ "$n" -ge 17 ] || fail "only $n files installed: $(find "$T/stage" -type f)"
run "$T/uninstall.log" make -C "$S" uninstall DESTDIR="$T/stage"
left=$(find "$T/stage" -mindepth 1)
[ -z "$left" ] || fail "left after uninstall: $left"

# A prefix that install created goes with the rest.
install_harden "$T/new/prefix"
run "$T/uninstall1.log" make -C "$S" uninstall PREFIX="$T/new/prefix"
[ ! -e "$T/new" ] || fail "left after uninstall: $(find "$T/new")"

# A prefix that has a bin/ of its own, and a file of someone else in share/man.
mkdir -p "$T/prefix/bin" && echo mine >"$T/prefix/bin/other"
install_harden "$T/prefix"
echo mine >"$T/prefix/share/man/other"
run "$T/uninstall2.log" make -C "$S" uninstall PREFIX="$T/prefix"
(cd "$T/prefix" && find . | sort) >"$T/left"
printf '%s\n' . ./bin ./bin/other ./share ./share/man ./share/man/other >"$T/want"
diff "$T/want" "$T/left" || fail "uninstall with PREFIX left the wrong files"
exit 0
