# The OpenSSF guide's linker options: as-needed proven on the linked probe
# (linked with -lm, which it never uses, libm is not recorded; glibc only,
# where libm is a library of its own), no-copy-dt-needed-entries taken by
# the linker; off, explicit requests, the builder's flags, and the
# toolchains that cannot show them.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf tcc musl-gcc x86_64-w64-mingw32-gcc
H="$S/catalog/harden-flags"
printf 'int main(void) { return 0; }\n' >main.c
needs_libm() { readelf -dW "$1" | grep -q 'NEEDED.*\[libm[.]'; }

# On, and the flags do in a build what the report says (LIBS after LDFLAGS).
CC=gcc CFLAGS=-O2 sh "$H" >r || fail "gcc: $(cat r)"
report_expect r as-needed "on yes"
report_expect r no-copy-dt-needed-entries "on yes"
ld=$(report_key r ldflags)
case " $ld " in *" -Wl,--as-needed -Wl,--no-copy-dt-needed-entries "*) ;; *) fail "ldflags: $ld" ;; esac
gcc -O2 -c main.c && run link.log gcc $ld -o on main.o -lm
needs_libm on && fail "the program built with harden's ldflags records libm"
run link-off.log gcc -Wl,--no-as-needed -o off main.o -lm
needs_libm off || fail "without --as-needed libm is not recorded: the test shows nothing"

# Off: the off flags, and a program that records libm.
CC=gcc CFLAGS=-O2 sh "$H" --disable-as-needed --disable-no-copy-dt-needed-entries >r2 || fail "disable: $(cat r2)"
report_expect r2 as-needed "off -"
report_expect r2 no-copy-dt-needed-entries "off -"
ld=$(report_key r2 ldflags)
case " $ld " in *" -Wl,--no-as-needed -Wl,--copy-dt-needed-entries "*) ;; *) fail "off ldflags: $ld" ;; esac
run link2.log gcc $ld -o off2 main.o -lm
needs_libm off2 || fail "--disable-as-needed: libm not recorded"

# The builder's flags decide it: nothing added, the effect read.
CC=gcc CFLAGS=-O2 LDFLAGS=-Wl,--as-needed sh "$H" >r3 || fail "builder on"
report_expect r3 as-needed "builder yes"
[ "$(report_reason r3 as-needed)" = "set by the builder (-Wl,--as-needed); present" ] || fail "$(report_reason r3 as-needed)"
CC=gcc CFLAGS=-O2 LDFLAGS="-Wl,--no-as-needed -Wl,--copy-dt-needed-entries" sh "$H" >r4 || fail "builder off"
report_expect r4 as-needed "builder off"
[ "$(report_reason r4 as-needed)" = "set by the builder (-Wl,--no-as-needed); absent" ] || fail "$(report_reason r4 as-needed)"
report_expect r4 no-copy-dt-needed-entries "builder off"
[ "$(report_reason r4 no-copy-dt-needed-entries)" = "set by the builder (-Wl,--copy-dt-needed-entries); not proven: the effect is not probed, only the option" ] ||
	fail "$(report_reason r4 no-copy-dt-needed-entries)"
grep -q '^ldflags=.*-Wl,--\(no-\)*as-needed' r3 r4 && fail "harden adds as-needed beside the builder's"

# Explicit requests where the effect cannot be shown: the reason says why.
CC=tcc CFLAGS=-O2 sh "$H" --enable-as-needed >r5 2>err && fail "tcc: as-needed accepted"
[ "$(cat err)" = "harden-flags: cannot enable as-needed: the linked probe records libm, which it does not use" ] ||
	fail "tcc: $(cat err)"
report_expect r5 no-copy-dt-needed-entries "unsupported -"
report_reason r5 no-copy-dt-needed-entries | grep -q "unsupported linker option '--no-copy-dt-needed-entries'" ||
	fail "tcc: $(report_reason r5 no-copy-dt-needed-entries)"
# musl: libm is part of libc.so, so nothing shows what --as-needed leaves out.
CC=musl-gcc CFLAGS=-O2 sh "$H" >r6 || fail "musl-gcc"
report_expect r6 as-needed "unsupported -"
[ "$(report_reason r6 as-needed)" = "glibc only, whose libm is a library of its own (the C library is not glibc)" ] ||
	fail "musl: $(report_reason r6 as-needed)"
report_expect r6 no-copy-dt-needed-entries "on yes"
CC=x86_64-w64-mingw32-gcc CFLAGS=-O2 sh "$H" --enable-as-needed >r7 2>err && fail "mingw: as-needed accepted"
[ "$(cat err)" = "harden-flags: cannot enable as-needed: ELF only (target is PE)" ] || fail "mingw: $(cat err)"
echo ok
