# Fedora's and Arch's builders pass _FORTIFY_SOURCE through the compiler
# driver (-Wp,-D_FORTIFY_SOURCE=3; Fedora -Wp,-U_FORTIFY_SOURCE,-D_FORTIFY_SOURCE=3):
# that is the builder's choice, as -D_FORTIFY_SOURCE=N is.  harden adds no
# -U/-D of its own (the macro would be defined twice), says "builder", and
# proves the effect; -Wp,-U_FORTIFY_SOURCE is the builder's "off".
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
for f in -Wp,-D_FORTIFY_SOURCE=3 -Wp,-D_FORTIFY_SOURCE=2 -Wp,-U_FORTIFY_SOURCE,-D_FORTIFY_SOURCE=3; do
	CC=gcc CFLAGS="-O2 $f" sh "$H" >r || fail "harden-flags failed with $f"
	report_expect r fortify-source "builder ${f##*=}"
	grep -q "^detail fortify-source set by the builder ($f); present\$" r ||
		fail "$f: $(grep '^detail fortify' r)"
	[ -z "$(report_key r cppflags)" ] || fail "$f: harden adds $(report_key r cppflags)"
done
CC=gcc CFLAGS="-O2 -Wp,-U_FORTIFY_SOURCE" sh "$H" >r || fail "harden-flags failed"
report_expect r fortify-source "builder off"
grep -q '^detail fortify-source set by the builder (-Wp,-U_FORTIFY_SOURCE); absent$' r ||
	fail "-Wp,-U: $(grep '^detail fortify' r)"
echo ok
