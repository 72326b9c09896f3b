# make dist in a git checkout leaves no untracked file behind: its default
# output directory, dist/, is ignored (.gitignore), so `git status` stays
# clean and a later `git add -A` cannot commit a release by mistake.  The
# check-out is a git clone of the source tree with its working .gitignore
# and the files of the release copied over it.
. "$HARDEN_SRCDIR/tests/lib.sh"
need make tar gzip git
v=$(cat "$S/VERSION")
top=$(git -C "$S" rev-parse --show-toplevel 2>/dev/null) && [ "$(cd "$top" && pwd -P)" = "$(cd "$S" && pwd -P)" ] ||
	skip "not a git checkout: nothing to keep clean"
git clone -q "$S" c || fail "git clone failed"
for f in .gitignore $(cd "$S" && sh meson/dist.sh --list); do
	[ -f "$S/$f" ] || continue
	mkdir -p "c/$(dirname "$f")" && cp -p "$S/$f" "c/$f" || fail "cannot copy $f"
done
git -C c status --porcelain --untracked-files=all >before.txt || fail "git status failed"
run dist.log make -C c dist
[ -s "c/dist/harden-$v.tar.gz" ] && [ -s "c/dist/harden-$v.wrap" ] || fail "make dist wrote no dist/harden-$v.tar.gz and .wrap"
git -C c status --porcelain --untracked-files=all >after.txt || fail "git status failed"
cmp -s before.txt after.txt || fail "make dist left files git sees: $(diff before.txt after.txt)"
echo ok
