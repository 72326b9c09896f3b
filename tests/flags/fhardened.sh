# GCC 14's -fhardened is the builder's: the features it implies (catalog
# builder rows with on:-fhardened) are reported as the builder's and proven
# present, harden adds the rest, and no flag reaches a command line twice.
# Debian 12 has no GCC 14: a wrapper expands -fhardened as GCC 14's manual
# lists it (x86 GNU/Linux), where it stands, so that later flags still win.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
H="$S/catalog/harden-flags"
cat >gcc14 <<'W'
#!/bin/sh
link=yes
for a do case $a in -c|-S|-E) link= ;; esac; done
for a do
	shift
	if [ "$a" = -fhardened ]; then
		set -- "$@" -D_FORTIFY_SOURCE=3 -D_GLIBCXX_ASSERTIONS -ftrivial-auto-var-init=zero -fPIE \
			-fstack-protector-strong -fstack-clash-protection -fcf-protection=full
		[ -z "$link" ] || set -- "$@" -pie -Wl,-z,relro,-z,now
	else
		set -- "$@" "$a"
	fi
done
printf '%s\n' "$*" >>"${GCC14_LOG:-/dev/null}"
exec gcc "$@"
W
CC="sh $T/gcc14" CFLAGS="-O2 -fhardened" sh "$H" --level=strict >r || fail "-fhardened: $(cat r)"
implied="stack-protector fortify-source stack-clash-protection cf-protection pie relro bind-now auto-var-init"
for f in $implied; do
	report_state r $f | grep -q '^builder$' || fail "$f: $(report_state r $f) $(report_reason r $f)"
	[ "$(report_reason r $f)" = "set by the builder (-fhardened); present" ] || fail "$f: $(report_reason r $f)"
done
for f in noexecstack format-security as-needed no-copy-dt-needed-entries exceptions; do
	report_expect r $f "on yes"
done
# Nothing of -fhardened's again in harden's lists ...
lists=$(grep -E '^(cppflags|cflags|exe_cflags|ldflags|exe_ldflags)=' r)
for x in -D_FORTIFY_SOURCE -fstack-protector -fstack-clash-protection -fcf-protection -fPIE -pie \
	-z,relro -z,now -ftrivial-auto-var-init; do
	case $lists in *"$x"*) fail "harden adds $x beside -fhardened: $lists" ;; esac
done
# ... and no flag twice in a build with harden's flags and the builder's.
printf 'int main(void) { return 0; }\n' >main.c
export GCC14_LOG="$T/cmds"
run build.log sh gcc14 $(report_key r cppflags) $(report_key r cflags) $(report_key r exe_cflags) -O2 -fhardened \
	$(report_key r ldflags) $(report_key r exe_ldflags) -o main main.c
dup=$(tr ' ' '\n' <cmds | grep '^-[^o]' | sort | uniq -d)
[ -z "$dup" ] || fail "twice on the command line: $dup ($(cat cmds))"
elf_is_pie main && elf_has_relro main && elf_has_now main || fail "the program is not PIE with full RELRO"
# A flag of the builder's after -fhardened wins, as in GCC.
CC="sh $T/gcc14" CFLAGS="-O2 -fhardened -fno-stack-protector" sh "$H" >r2 || fail "-fno-stack-protector"
report_expect r2 stack-protector "builder off"
[ "$(report_reason r2 stack-protector)" = "set by the builder (-fno-stack-protector); absent" ] ||
	fail "$(report_reason r2 stack-protector)"
report_expect r2 pie "builder builder"
echo ok
