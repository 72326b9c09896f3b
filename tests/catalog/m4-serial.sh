#!/bin/sh
# The "# serial N" line of m4/harden.m4 is right: N is the number of git
# commits that touched the file, plus one while the working tree's file
# differs from HEAD's (Makefile, "The serial"; make serial sets it).  So a
# commit that changes harden.m4 without make serial fails here, in CI's
# fresh clone too, and aclocal --install always sees a higher serial for a
# newer file.  Skipped without the git history (a release tarball) or in a
# shallow clone, where the count is wrong.
. "$HARDEN_SRCDIR/tests/lib.sh"
need make
have git || skip "no git"
top=$(git -C "$S" rev-parse --show-toplevel 2>/dev/null) || skip "not a git checkout (a release tarball?)"
[ "$(cd "$top" && pwd -P)" = "$(cd "$S" && pwd -P)" ] || skip "$S is not the top of a git checkout"
[ "$(git -C "$S" rev-parse --is-shallow-repository)" = false ] || skip "a shallow clone cannot count the commits"
sed -n 2p "$S/m4/harden.m4" | grep -q '^# serial [1-9][0-9]*$' || fail "line 2 of m4/harden.m4 is not '# serial N'"
make -s -C "$S" check-serial >"$T/check.log" 2>&1 || fail "$(cat "$T/check.log")"

# The rule itself, in a scratch clone: a commit that changes the file
# without make serial fails the check; make serial then commits right.
git clone -q "$S" "$T/clone" || fail "cannot clone"
cp "$S/m4/harden.m4" "$T/clone/m4/harden.m4" && cp "$S/Makefile" "$T/clone/Makefile" || exit 99
cd "$T/clone" || exit 99
g() { git -c user.name=t -c user.email=t@t "$@"; }
run "$T/serial1.log" make -s serial
g commit -q --allow-empty -am 'current files' || fail "commit failed"
make -s check-serial >/dev/null 2>&1 || fail "check-serial fails right after make serial and a commit"
echo 'dnl a change' >>m4/harden.m4
g commit -q -am 'a change without make serial'
make -s check-serial >/dev/null 2>&1 && fail "check-serial passes a commit that changed harden.m4 without make serial"
before=$(sed -n '2s/# serial //p' m4/harden.m4)
run "$T/serial2.log" make -s serial
run "$T/serial3.log" make -s serial
after=$(sed -n '2s/# serial //p' m4/harden.m4)
[ "$after" -gt "$before" ] || fail "make serial did not raise the serial ($before -> $after)"
g commit -q -am 'serial'
make -s check-serial >/dev/null 2>&1 || fail "check-serial fails after make serial and its commit"
exit 0
