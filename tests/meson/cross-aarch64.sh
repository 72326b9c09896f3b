#!/bin/sh
# Cross-compiling for aarch64 (when the cross compiler is installed), with
# the target's readelf named in the cross file: branch-protection is on,
# cf-protection is refused (x86 only), the rest of the standard level is on,
# and the program is an aarch64 PIE.
. "$(dirname "$0")/lib.sh"
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || { echo "SKIP: aarch64-linux-gnu-gcc not installed"; exit 77; }
parent_with_copy "$T/p"
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
echo ok
