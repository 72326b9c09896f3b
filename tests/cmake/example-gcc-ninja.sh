#!/bin/sh
# The example (libtally + tally, include(Harden) via CMAKE_MODULE_PATH) built
# with gcc and Ninja in Release: the program is fully hardened (canary,
# fortify, PIE, full RELRO, NX), the shared library too but without -pie,
# and ctest runs the program and the audit test, which proves the detected
# features (audit_expect) on both with harden-audit built by the module.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf ctest

b=$T/build
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake_build "$b"
assert_hardened_program "$b/tally"
assert_hardened_library "$b/libtally.so"

# -pie reached the program's link and not the library's.
grep -- '-shared' "$b.build.log" | grep -q -- ' -pie' && fail "-pie on the shared library's link line"
grep -- '-o tally ' "$b.build.log" | grep -q -- ' -pie' || fail "no -pie on the program's link line"

enabled=$(report_key "$b/harden-report.txt" enabled)
for f in stack-protector=strong fortify-source=3 pie=yes relro=yes bind-now=yes noexecstack=yes; do
	case " $enabled " in
	*" $f "*) ;;
	*) fail "$f not in enabled: $enabled" ;;
	esac
done

run "$T/ctest.log" ctest --test-dir "$b" --output-on-failure
grep -q '100% tests passed, 0 tests failed out of 2' "$T/ctest.log" || fail "ctest did not pass both tests"
grep -q 'tally-audit .*Passed' "$T/ctest.log" || fail "no passing tally-audit test"
[ "$(report_key "$b/harden-report.txt" audit_expect)" = "stack-protector,fortify-source,pie,relro,bind-now,noexecstack" ] ||
	[ "$(uname -m)" != x86_64 ] || fail "audit_expect with gcc: $(report_key "$b/harden-report.txt" audit_expect)"
cmake_audit_test_passes "$b" tally-audit
grep -q "Test command: $b/harden-tools/harden-audit .* \"$b/tally\" \"$b/libtally.so.1.0.0\"\$" "$b.tally-audit.log" ||
	fail "tally-audit does not audit tally and libtally: $(grep 'Test command' "$b.tally-audit.log")"
# harden-audit is built by the project, not installed, not from PATH.
[ -x "$b/harden-tools/harden-audit" ] || fail "harden-audit was not built in the build tree"
grep -q 'harden-audit\.c' "$b.build.log" || fail "harden-audit.c not compiled"
# ... with the project's own hardening (dogfood).
e=$(report_key "$b/harden-report.txt" audit_expect)
assert_hardened_program "$b/harden-tools/harden-audit"
"$b/harden-tools/harden-audit" --expect "$e" "$b/harden-tools/harden-audit" >/dev/null ||
	fail "the module's harden-audit lacks its own $e"
