#!/bin/sh
# A project that sets its build type after include(Harden) (Release when
# none is given, a common idiom) with none on the command line: the probes
# ran with no -O, so configuring stops at the end of the configure step
# with a message naming both build types, and nothing is built.  With
# -DCMAKE_BUILD_TYPE=Release given (or the idiom before the include) the
# same project probes Release's flags: fortify-source on, -D_FORTIFY_SOURCE=3
# on the compile line, __*_chk calls in the program.  With a multi-config
# generator, a configuration added after the include stops it likewise.
# (With the idiom before the include, the compile line is read from
# compile_commands.json: the program's fortified calls are the first
# case's.)
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc ninja readelf

src=$S/examples/autotools/src
# late_project DIR after|before: a CMakeLists.txt in DIR with the idiom after or
# before include(Harden).
late_project() {
	mkdir -p "$T/$1"
	{
		echo 'cmake_minimum_required(VERSION 3.18)'
		echo 'project(late C)'
		echo "list(APPEND CMAKE_MODULE_PATH \"$S/cmake\")"
		[ "$2" = after ] && echo 'include(Harden)'
		echo 'if(NOT CMAKE_BUILD_TYPE)'
		echo '  set(CMAKE_BUILD_TYPE Release)'
		echo 'endif()'
		[ "$2" = before ] && echo 'include(Harden)'
		echo "add_executable(tally \"$src/main.c\" \"$src/tally.c\")"
		echo "target_include_directories(tally PRIVATE \"$src\")"
		echo 'target_link_libraries(tally PRIVATE Harden::Harden)'
	} >"$T/$1/CMakeLists.txt"
}

late_project after after
b=$T/b-after
CC=gcc cmake_configure_fails "$T/after.log" "$b" "$T/after" -G Ninja
tr -s ' \n' '  ' <"$T/after.log" >"$T/after.flat"
grep -q 'Harden: CMAKE_BUILD_TYPE is Release at the end of the configure step, but was (none) when include(Harden) probed' "$T/after.flat" ||
	{ cat "$T/after.log"; fail "no message naming both build types"; }
grep -q 'configure with "-DCMAKE_BUILD_TYPE=Release"' "$T/after.flat" || fail "the message gives no fix"
[ -f "$b/build.ninja" ] && fail "build files generated despite the error"

# Given on the command line: the probes and the build agree.
CC=gcc cmake_configure "$b" "$T/after" -G Ninja -DCMAKE_BUILD_TYPE=Release
report_expect "$b/harden-report.txt" fortify-source "on 3"
cmake_build "$b"
build_line "$b.build.log" ' -c [^ ]*/main\.c$' | grep -q -- ' -O3 .* -D_FORTIFY_SOURCE=3 ' || fail "no fortify on the Release line"
elf_has_chk "$b/tally" || fail "no __*_chk call in the program"

# The idiom before the include: nothing to notice.
late_project before before
b=$T/b-before
CC=gcc cmake_configure "$b" "$T/before" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
report_expect "$b/harden-report.txt" fortify-source "on 3"
grep '"command":.*/main\.c"' "$b/compile_commands.json" >"$b.main" || fail "no compile command of main.c"
grep -q -- ' -O3 .* -D_FORTIFY_SOURCE=3 ' "$b.main" || fail "no fortify on the Release line: $(cat "$b.main")"

# Multi-config: a configuration added after the include was never probed
# (it would get no flags at all).
mkdir -p "$T/configs"
sed 's/^include(Harden)$/&\nlist(APPEND CMAKE_CONFIGURATION_TYPES Hardened)/' "$T/after/CMakeLists.txt" >"$T/configs/CMakeLists.txt"
CC=gcc cmake_configure_fails "$T/configs.log" "$T/b-configs" "$T/configs" -G "Ninja Multi-Config"
tr -s ' \n' '  ' <"$T/configs.log" >"$T/configs.flat"
grep -q 'Harden: CMAKE_CONFIGURATION_TYPES is Debug;Release;RelWithDebInfo;Hardened at the end of the configure step, but was Debug;Release;RelWithDebInfo when' "$T/configs.flat" ||
	{ cat "$T/configs.log"; fail "no message naming both lists of configurations"; }
exit 0
