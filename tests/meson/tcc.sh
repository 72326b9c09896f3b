#!/bin/sh
# A compiler that accepts hardening flags and does nothing with them (tcc):
# configuration succeeds, every probed feature is unsupported with a reason,
# no flag and no feature is claimed.  Meson 1.0 refuses tcc itself
# ("Unknown compiler"); then tcc runs behind cc-tcc, which only answers
# --version like gcc.
. "$HARDEN_SRCDIR/tests/lib.sh"
need tcc meson ninja
meson_parent_with_copy "$T/p"
if CC=tcc meson setup "$T/b" "$T/p" --buildtype=release >"$T/b.log" 2>&1; then
	note "meson accepts tcc itself"
else
	grep -q 'Unknown compiler' "$T/b.log" || { tail -n 20 "$T/b.log"; fail "CC=tcc: unexpected failure"; }
	rm -rf "$T/b"
	CC="sh $S/tests/meson/cc-tcc" meson_setup "$T/p" "$T/b" --buildtype=release
	grep -q 'cc-tcc' "$T/b.log" || fail "meson did not use the tcc wrapper"
fi
r=$(meson_report "$T/b")
for l in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	grep -qx "$l=" "$r" || fail "tcc got flags: $(grep "^$l=" "$r")"
done
awk '$1 == "feature" && $3 == "on"' "$r" | grep . && fail "features claimed on with tcc"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack format-security; do
	report_expect "$r" $f "unsupported -"
	[ -n "$(report_reason "$r" $f)" ] && [ "$(report_reason "$r" $f)" != - ] || fail "$f has no reason"
done
echo ok
