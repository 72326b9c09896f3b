# as-needed is never "on" for a static link: the probe's proof (linked
# with -lm, which it never uses, libm not recorded) proves nothing when the
# program records no library at all (-static, -static-pie), so the feature
# is unsupported, and the builder's -Wl,--as-needed unproven, with the
# reason; a dynamic link still proves it, and the static program really
# records no library (readelf).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
H="$S/catalog/harden-flags"
why="the linked probe records no library (a static program): it cannot show what --as-needed drops"
printf 'int main(void) { return 0; }\n' >main.c
run static.log gcc -static -o static main.c -lm
readelf -dW static | grep -q NEEDED && fail "a static program records a library: the test shows nothing"

for l in -static -static-pie; do
	CC=gcc CFLAGS=-O2 LDFLAGS=$l sh "$H" >r || fail "$l: $(cat r)"
	report_expect r as-needed "unsupported -"
	[ "$(report_reason r as-needed)" = "$why" ] || fail "$l: reason $(report_reason r as-needed)"
	grep '^enabled=' r | grep -q 'as-needed=' && fail "$l: as-needed enabled: $(grep '^enabled=' r)"
	case " $(report_key r ldflags) " in *" -Wl,--as-needed "*) fail "$l: ldflags add --as-needed" ;; esac
done
CC=gcc CFLAGS=-O2 LDFLAGS="-static -Wl,--as-needed" sh "$H" >rb || fail "builder: $(cat rb)"
[ "$(report_reason rb as-needed)" = "set by the builder (-Wl,--as-needed); not proven: $why" ] ||
	fail "builder: $(report_reason rb as-needed)"
grep -q "^result as-needed builder unproven: $why\$" rb || fail "builder result: $(grep '^result as-needed' rb)"

# A dynamic link: proven as before.
CC=gcc CFLAGS=-O2 sh "$H" >rd || fail "dynamic: $(cat rd)"
report_expect rd as-needed "on yes"
echo ok
