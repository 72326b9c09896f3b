#!/bin/sh
# make install and make uninstall with paths that hold blanks and shell
# characters: every file lands under DESTDIR ("stage with space", with a
# PREFIX with a blank), nothing is written elsewhere (the source tree, a
# copy of the release files, is unchanged, and no stray directory appears
# next to it), the staged harden-flags runs from there, and uninstall
# leaves nothing, not even the empty prefix.  Without DESTDIR, a prefix and
# a mandir with ' | & ( ) ! and blanks: the installed harden-flags finds its
# catalog by itself and probes, harden-tools.pc names the prefix, and
# find_package(Harden) finds the package there and probes.  A
# relative DESTDIR with ' and $ is taken from make's directory.  The
# characters the installed files cannot hold ($ ; " # \) are refused before
# anything is written, with the variable and the character named.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need make gcc pkg-config cmake

# The source tree: the release's files, so that any write into it shows.
(cd "$S" && sh meson/dist.sh --list) | while read -r f; do
	mkdir -p "$T/src/$(dirname "$f")" && cp -p "$S/$f" "$T/src/$f" || exit 1
done || fail "cannot copy the release files"
listing() { (cd "$T/src" && find . | sort && find . -type f -exec cksum {} + | sort); }
listing >"$T/src.before"
mkdir "$T/cwd"
# check_tree PREFIX N: N files or more installed under PREFIX (uninstall.sh
# and dirs.sh prove the files themselves; here, where they go).
check_tree() {
	[ -x "$1/bin/harden-flags" ] && [ -x "$1/bin/harden-audit" ] && [ -f "$1/share/harden/probe.c" ] &&
		[ -f "$1/share/cmake/Harden/HardenConfig.cmake" ] && [ -f "$1/share/pkgconfig/harden-tools.pc" ] ||
		fail "not installed under $1: $(find "$T" -name harden-flags)"
	n=$(find "$1" -type f | wc -l)
	[ "$n" -ge "$2" ] || fail "only $n files under $1"
}
mk() { (cd "$T/cwd" && make -C "$T/src" O="$T/obj" "$@"); }

# 1. DESTDIR with blanks, PREFIX with a blank.
st="$T/stage with space"
run "$T/install1.log" mk install DESTDIR="$st" PREFIX="/opt/my harden"
check_tree "$st/opt/my harden" 17
[ "$(find "$st" -type f | wc -l)" = "$(find "$st/opt/my harden" -type f | wc -l)" ] ||
	fail "files outside the prefix: $(find "$st" -type f)"
out=$(CC=gcc HARDEN_CATALOG="$st/opt/my harden/share/harden" "$st/opt/my harden/bin/harden-flags" --cflags) ||
	fail "the staged harden-flags failed"
case " $out " in *' -fstack-protector-strong '*) ;; *) fail "the staged harden-flags printed: $out" ;; esac
grep -qx "harden_default_catalog='/opt/my harden/share/harden'" "$st/opt/my harden/bin/harden-flags" ||
	fail "the default catalog: $(grep '^harden_default_catalog=' "$st/opt/my harden/bin/harden-flags")"
run "$T/uninstall1.log" mk uninstall DESTDIR="$st" PREFIX="/opt/my harden"
left=$(find "$st" -mindepth 1)
[ -z "$left" ] || fail "left after uninstall: $left"
rmdir "$st"

# 2. No DESTDIR; a prefix and a mandir with the shell's characters.
p="$T/it's a|b&c (x) !y" m="$T/man pages [1]"
run "$T/install2.log" mk install PREFIX="$p" mandir="$m"
[ -f "$m/man1/harden-flags.1" ] && [ -f "$m/man1/harden-audit.1" ] || fail "man pages not in $m"
check_tree "$p" 14
out=$(cd "$T/cwd" && CC=gcc "$p/bin/harden-flags" --cflags) || fail "the installed harden-flags failed"
case " $out " in *' -fstack-protector-strong '*) ;; *) fail "the installed harden-flags printed: $out" ;; esac
[ "$(PKG_CONFIG_PATH="$p/share/pkgconfig" pkg-config --variable=harden_flags harden-tools)" = "$p/bin/harden-flags" ] ||
	fail "harden-tools.pc: $(grep harden_flags "$p/share/pkgconfig/harden-tools.pc")"
grep -qF "set(_HARDEN_PACKAGE_CATALOG \"$p/share/harden\")" "$p/share/cmake/Harden/HardenConfig.cmake" ||
	fail "HardenConfig.cmake: $(grep PACKAGE_CATALOG "$p/share/cmake/Harden/HardenConfig.cmake")"
mkdir -p "$T/cm"
printf '%s\n' 'cmake_minimum_required(VERSION 3.17)' 'project(p C)' 'find_package(Harden 0.2 REQUIRED)' >"$T/cm/CMakeLists.txt"
CC=gcc cmake_configure "$T/cmb" "$T/cm" -DCMAKE_PREFIX_PATH="$p"
[ "$(report_state "$T/cmb/harden-report.txt" stack-protector)" = on ] || fail "find_package(Harden) from $p: no stack-protector"
rm -rf "$T/cm" "$T/cmb"
run "$T/uninstall2.log" mk uninstall PREFIX="$p" mandir="$m"
[ ! -e "$p" ] && [ ! -e "$m" ] || fail "left after uninstall: $(find "$p" "$m" 2>/dev/null)"

# 3. A relative DESTDIR, from make's directory (after -C), $T/src.
run "$T/install3.log" mk install DESTDIR="../it's \$\$stage" PREFIX=/usr
check_tree "$T/it's \$stage/usr" 17
run "$T/uninstall3.log" mk uninstall DESTDIR="../it's \$\$stage" PREFIX=/usr
[ -z "$(find "$T/it's \$stage" -mindepth 1)" ] || fail "left: $(find "$T/it's \$stage")"
rmdir "$T/it's \$stage"

# 4. Refused, naming the variable and the character, before any write.
for c in '$$:$' ';:;' '":"' '#:#' '\:\' "$(printf '\t'):$(printf '\t')"; do
	given=${c%%:*} shown=${c#*:}
	for v in PREFIX bindir; do
		name=$v
		[ "$v" = PREFIX ] && name=prefix
		if mk install DESTDIR="$T/refused" "$v=/opt/a${given}b" >"$T/refused.log" 2>&1; then
			fail "$v=/opt/a${given}b was accepted"
		fi
		grep -qF "unsupported character in $name (Makefile, \"Paths\"): '$shown'" "$T/refused.log" ||
			fail "$v=/opt/a${given}b: $(cat "$T/refused.log")"
		[ ! -e "$T/refused" ] || fail "$v=/opt/a${given}b wrote $(find "$T/refused")"
	done
done
mk install PREFIX=opt >"$T/refused.log" 2>&1 && fail "a relative PREFIX was accepted"
grep -q "must be absolute: prefix is 'opt'" "$T/refused.log" || fail "relative PREFIX: $(cat "$T/refused.log")"

# Nothing else was written: the source tree is as it was, and $T holds
# only what this test made.
listing >"$T/src.after"
diff "$T/src.before" "$T/src.after" || fail "make wrote into the source tree"
top=$(ls -A "$T" | grep -v '\.log$' | tr '\n' ' ')
[ "$top" = "cwd obj src src.after src.before " ] || fail "stray files next to the source tree: $top"
[ -z "$(ls -A "$T/cwd")" ] || fail "written into make's working directory: $(ls -A "$T/cwd")"
exit 0
