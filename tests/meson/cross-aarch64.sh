#!/bin/sh
# Cross-compiling for aarch64 (when the cross compiler is installed), with
# the target's readelf named in the cross file: branch-protection is on,
# cf-protection is refused (x86 only), the rest of the standard level is on,
# and the program is an aarch64 PIE.  The audit test runs harden-audit,
# built for the build machine (x86_64 here), on the aarch64 files.
. "$(dirname "$0")/lib.sh"
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || { echo "SKIP: aarch64-linux-gnu-gcc not installed"; exit 77; }
parent_with_copy "$T/p"
add_audit_test "$T/p"
cat >"$T/cross.ini" <<'EOW'
[binaries]
c = 'aarch64-linux-gnu-gcc'
ar = 'aarch64-linux-gnu-ar'
strip = 'aarch64-linux-gnu-strip'
readelf = 'aarch64-linux-gnu-readelf'

[host_machine]
system = 'linux'
cpu_family = 'aarch64'
cpu = 'aarch64'
endian = 'little'
EOW
setup "$T/p" "$T/b" --cross-file "$T/cross.ini" --buildtype=release
grep -q '^Running command: [^ ]*aarch64-linux-gnu-readelf -W' "$T/b/meson-logs/meson-log.txt" ||
	fail "the target's readelf was not used"
[ "$(state "$T/b" branch-protection)" = on ] || fail "branch-protection is $(state "$T/b" branch-protection): $(reason "$T/b" branch-protection)"
[ "$(state "$T/b" cf-protection)" = unsupported ] || fail "cf-protection is $(state "$T/b" cf-protection)"
reason "$T/b" cf-protection | grep -q 'x86 only.*aarch64' || fail "cf-protection reason: $(reason "$T/b" cf-protection)"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(state "$T/b" $f)" = on ] || fail "$f is $(state "$T/b" $f) for aarch64: $(reason "$T/b" $f)"
done
build "$T/b"
readelf -h "$T/b/tally" | grep -q AArch64 || fail "not an aarch64 program"
is_pie "$T/b/tally" || fail "the aarch64 program is not PIE"
readelf -h "$T/b/subprojects/harden/meson/harden-audit" | grep -q "$(readelf -h /bin/sh | grep Machine:)" ||
	fail "harden-audit is not built for the build machine: $(readelf -h "$T/b/subprojects/harden/meson/harden-audit" | grep Machine:)"
meson test -C "$T/b" hardening >"$T/test.log" 2>&1 || { test_log "$T/b" hardening; fail "the audit test failed on aarch64 files"; }
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not run (skipped as a cross test?)"; }
test_log "$T/b" hardening | grep -q "^command: .*harden-audit --expect=$(audit_expect_want "$T/b") $T/b/tally $T/b/libtally\.so$" ||
	{ test_log "$T/b" hardening; fail "the audit test did not expect $(audit_expect_want "$T/b")"; }
case ",$(audit_expect_want "$T/b")," in *,pie,*) ;; *) fail "pie not expected for aarch64" ;; esac
echo ok
