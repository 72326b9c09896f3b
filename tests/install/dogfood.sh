# harden's own tools are hardened: make install builds harden-audit and
# harden-cost with the flags of harden-flags, and the installed harden-audit
# proves them with --expect (what harden-flags finds for the same CC and
# CFLAGS).  The builder's CFLAGS still win, and a probe that fails stops
# the build: the tools are never built unhardened.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf make
installed_prefix	# installed with CC=gcc CFLAGS='-O2 -g' (install/lib.sh)
eval "$(CC=gcc CFLAGS='-O2 -g' sh "$S/catalog/harden-flags" --export=sh)" || fail "harden-flags failed"
case ,$HARDEN_AUDIT_EXPECT, in *,fortify-source,*) ;; *) fail "gcc -O2: no fortify-source in $HARDEN_AUDIT_EXPECT" ;; esac
for t in harden-audit harden-cost; do
	assert_hardened_program "$P/bin/$t"
done
audit_installed "$P" "$HARDEN_AUDIT_EXPECT" "$P/bin/harden-audit" "$P/bin/harden-cost"

# The builder's -fno-stack-protector wins (the probe leaves the feature to it).
run nosp.log make -C "$S/tools" O="$T/nosp" CC=gcc CFLAGS='-O2 -fno-stack-protector' "$T/nosp/harden-audit"
grep -q '^  stack-protector  *builder' nosp.log || fail "stack-protector not left to the builder"
elf_has_canary "$T/nosp/harden-audit" && fail "the builder's -fno-stack-protector lost"
elf_has_now "$T/nosp/harden-audit" || fail "the builder's CFLAGS dropped harden's other flags"

# A compiler that fails harden's probes (as distcc without its servers)
# stops the build before anything is compiled.
outage_cc
if make -C "$S/tools" O="$T/down" CC="$T/outage-cc" >down.log 2>&1; then
	fail "the tools were built although the probe failed"
fi
grep -q 'harden-flags' down.log || fail "the failure does not name harden-flags: $(tail -n 3 down.log)"
[ ! -e "$T/down/harden-audit" ] && [ -z "$(find "$T/down" -name '*.o')" ] ||
	fail "the failed probe left objects or programs in $T/down"
echo ok
