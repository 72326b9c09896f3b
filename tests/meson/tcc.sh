#!/bin/sh
# A compiler that accepts hardening flags and does nothing with them (tcc):
# configuration succeeds, every probed feature is unsupported with a reason,
# no flag and no feature is claimed.  Meson 1.0 refuses tcc itself
# ("Unknown compiler"); then tcc runs behind cc-tcc, which only answers
# --version like gcc.
. "$(dirname "$0")/lib.sh"
required tcc
parent_with_copy "$T/p"
if CC=tcc meson setup "$T/b" "$T/p" --buildtype=release >"$T/b.log" 2>&1; then
	echo "meson accepts tcc itself"
else
	grep -q 'Unknown compiler' "$T/b.log" || { tail -n 20 "$T/b.log"; fail "CC=tcc: unexpected failure"; }
	rm -rf "$T/b"
	CC="sh $SRC/tests/meson/cc-tcc" setup "$T/p" "$T/b" --buildtype=release
	grep -q 'cc-tcc' "$T/b.log" || fail "meson did not use the tcc wrapper"
fi
for l in cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect; do
	report "$T/b" | grep -qx "$l=" || fail "tcc got flags: $(report "$T/b" | grep "^$l=")"
done
report "$T/b" | awk '$1 == "feature" && $3 == "on"' | grep . && fail "features claimed on with tcc"
for f in stack-protector fortify-source stack-clash-protection pie relro bind-now noexecstack format-security; do
	[ "$(state "$T/b" $f)" = unsupported ] || fail "$f is $(state "$T/b" $f) with tcc"
	[ -n "$(reason "$T/b" $f)" ] && [ "$(reason "$T/b" $f)" != - ] || fail "$f has no reason"
done
echo ok
