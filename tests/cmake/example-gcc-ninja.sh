#!/bin/sh
# The example (libtally + tally, include(Harden) via CMAKE_MODULE_PATH) built
# with gcc and Ninja in Release: the program is fully hardened (canary,
# fortify, PIE, full RELRO, NX), the shared library too but without -pie,
# and ctest runs the program.
. "$(dirname "$0")/helpers"

b=$T/build
CC=gcc configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
build "$b"
assert_hardened_program "$b/tally"
assert_hardened_library "$b/libtally.so"

# -pie reached the program's link and not the library's.
grep -- '-shared' "$b.build.log" | grep -q -- ' -pie' && fail "-pie on the shared library's link line"
grep -- '-o tally ' "$b.build.log" | grep -q -- ' -pie' || fail "no -pie on the program's link line"

enabled=$(report "$b" enabled)
for f in stack-protector=strong fortify-source=3 pie=yes relro=yes bind-now=yes noexecstack=yes; do
	case " $enabled " in
	*" $f "*) ;;
	*) fail "$f not in enabled: $enabled" ;;
	esac
done

run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
grep -q '100% tests passed' "$T/ctest.log" || fail "ctest did not pass"
