#!/bin/sh
# Cross-compiling for aarch64 (when the cross compiler is installed), with
# the target's readelf named in the cross file: branch-protection is on,
# cf-protection is refused (x86 only), the rest of the standard level is on,
# and the program is an aarch64 PIE.  The audit test runs harden-audit,
# built for the build machine (x86_64 here), on the aarch64 files.
. "$HARDEN_SRCDIR/tests/lib.sh"
have aarch64-linux-gnu-gcc || skip "aarch64-linux-gnu-gcc not installed"
need readelf
meson_parent_with_copy "$T/p"
meson_add_audit_test "$T/p"
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
meson_setup "$T/p" "$T/b" --cross-file "$T/cross.ini" --buildtype=release
grep -q '^harden-flags: [^ ]*aarch64-linux-gnu-readelf -W' "$T/b/subprojects/harden/harden-probe.log" ||
	fail "the target's readelf was not used"
r=$(meson_report "$T/b")
[ "$(report_state "$r" branch-protection)" = on ] || fail "branch-protection is $(report_state "$r" branch-protection): $(report_reason "$r" branch-protection)"
report_expect "$r" cf-protection "unsupported -"
[ "$(report_reason "$r" cf-protection)" = "x86 only (target is aarch64)" ] || fail "cf-protection reason: $(report_reason "$r" cf-protection)"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack; do
	[ "$(report_state "$r" $f)" = on ] || fail "$f is $(report_state "$r" $f) for aarch64: $(report_reason "$r" $f)"
done
meson_build "$T/b"
readelf -h "$T/b/tally" | grep -q AArch64 || fail "not an aarch64 program"
elf_is_pie "$T/b/tally" || fail "the aarch64 program is not PIE"
readelf -h "$T/b/subprojects/harden/meson/harden-audit" | grep -q "$(readelf -h /bin/sh | grep Machine:)" ||
	fail "harden-audit is not built for the build machine: $(readelf -h "$T/b/subprojects/harden/meson/harden-audit" | grep Machine:)"
meson test -C "$T/b" hardening >"$T/test.log" 2>&1 || { meson_test_log "$T/b" hardening; fail "the audit test failed on aarch64 files"; }
grep -q '^Ok: *1 *$' "$T/test.log" || { cat "$T/test.log"; fail "the audit test did not run (skipped as a cross test?)"; }
meson_test_log "$T/b" hardening | grep -q "^command: .*harden-audit --expect=$(audit_expect_want "$r") $T/b/tally $T/b/libtally\.so$" ||
	{ meson_test_log "$T/b" hardening; fail "the audit test did not expect $(audit_expect_want "$r")"; }
case ",$(audit_expect_want "$r")," in *,pie,*) ;; *) fail "pie not expected for aarch64" ;; esac
echo ok
