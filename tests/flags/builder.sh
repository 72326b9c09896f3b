# The builder's flags decide the features they name (catalog "builder"
# rows): with dpkg-buildflags' hardening=+all, harden adds nothing for
# them, proves them present, and costs the usual $standard_runs compiler runs (the
# base probe is one of them).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc dpkg-buildflags
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
export CC=gcc
sh "$S/catalog/harden-flags" >report || fail "failed"
report_expect report stack-protector "builder strong"
report_expect report fortify-source "builder 2"
report_expect report relro "builder yes"
report_expect report bind-now "builder yes"
report_expect report format-security "builder yes"
for f in stack-protector fortify-source relro bind-now format-security; do
	report_reason report $f | grep -q '^set by the builder (.*); present$' || fail "$f: $(report_reason report $f)"
done
report_expect report stack-clash-protection "on yes"
[ "$(report_key report runs)" = "$standard_runs" ] || fail "runs=$(report_key report runs)"
for x in -fstack-protector-strong -D_FORTIFY_SOURCE -Wl,-z,relro -Wl,-z,now format-security; do
	grep -q "^c\(pp\|\)flags=.*$x\|^ldflags=.*$x" report && fail "harden adds $x although the builder gives it"
done
report_key report enabled | grep -q 'fortify-source=2' || fail "enabled lacks the builder's fortify-source=2"
[ "$(report_key report audit_expect)" = stack-protector,fortify-source,pie,relro,bind-now,noexecstack ] ||
	fail "audit_expect: $(report_key report audit_expect)"
# The builder's off flags: absent (proven on the probe's binary: with
# -no-pie it is no ET_DYN), nothing added, and not expected of the audit.
# Outside the level: not probed.
CFLAGS="-O2 -fno-stack-protector -fno-strict-aliasing" LDFLAGS=-no-pie CPPFLAGS= sh "$S/catalog/harden-flags" >r2 || fail "r2"
report_expect r2 stack-protector "builder off"
[ "$(report_reason r2 stack-protector)" = "set by the builder (-fno-stack-protector); absent" ] || fail "$(report_reason r2 stack-protector)"
report_expect r2 pie "builder off"
[ "$(report_reason r2 pie)" = "set by the builder (-no-pie); absent" ] || fail "pie: $(report_reason r2 pie)"
case ",$(report_key r2 audit_expect)," in
*,pie,*|*,stack-protector,*) fail "r2: audit_expect=$(report_key r2 audit_expect)" ;;
esac
[ "$(report_reason r2 no-strict-aliasing)" = "set by the builder (-fno-strict-aliasing); not in level standard, not probed" ] ||
	fail "$(report_reason r2 no-strict-aliasing)"
echo ok
