# exceptions (-fexceptions for C, strict level): proven on the probe's code
# (a cleanup gets a landing pad); off, explicit request, the builder's
# flags, tcc (no assembly output, so no proof), and C++ (C only: never a
# -fexceptions after the project's -fno-exceptions).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf tcc
H="$S/catalog/harden-flags"
cat >cleanup.c <<'C'
void use(void *);
static void release(void **p) { use(*p); }
void hold(void *p)
{
	void *held __attribute__((cleanup(release))) = p;
	use(held);
}
C
except_table() { readelf -SW "$1" | grep -q '\.gcc_except_table'; }

CC=gcc CFLAGS=-O2 sh "$H" >std || fail "standard"
report_expect std exceptions "off -"
[ "$(report_reason std exceptions)" = "not in level standard" ] || fail "$(report_reason std exceptions)"
CC=gcc CFLAGS=-O2 sh "$H" --level=strict >strict || fail "strict"
report_expect strict exceptions "on yes"
cf=$(report_key strict cflags)
case " $cf " in *" -fexceptions "*) ;; *) fail "cflags: $cf" ;; esac
# The effect in an object built with the reported flags: an exception table.
run on.log gcc $cf -O2 -c -o on.o cleanup.c
except_table on.o || fail "no .gcc_except_table with $cf"
run off.log gcc -O2 -c -o off.o cleanup.c
except_table off.o && fail "an exception table without -fexceptions: the test shows nothing"

# Explicit request at the standard level, and off.
CC=gcc CFLAGS=-O2 sh "$H" --enable-exceptions >yes || fail "--enable-exceptions"
report_expect yes exceptions "on yes"
CC=gcc CFLAGS=-O2 sh "$H" --level=strict --disable-exceptions >no || fail "--disable-exceptions"
report_expect no exceptions "off -"
report_key no cflags | grep -q -- '-fno-exceptions' || fail "no off flag: $(report_key no cflags)"

# The builder's flags (Fedora's CFLAGS carry -fexceptions).
CC=gcc CFLAGS="-O2 -fexceptions" sh "$H" --level=strict >b1 || fail "builder on"
report_expect b1 exceptions "builder yes"
[ "$(report_reason b1 exceptions)" = "set by the builder (-fexceptions); present" ] || fail "$(report_reason b1 exceptions)"
CC=gcc CFLAGS="-O2 -fexceptions -fno-exceptions" sh "$H" --level=strict >b2 || fail "builder off"
report_expect b2 exceptions "builder off"
[ "$(report_reason b2 exceptions)" = "set by the builder (-fno-exceptions); absent" ] || fail "$(report_reason b2 exceptions)"
grep -q '^cflags=.*-f\(no-\)*exceptions' b1 b2 && fail "harden adds exceptions beside the builder's"

# C only: C++ unwinds by default, and its -fno-exceptions is the project's
# own choice (Meson's cpp_eh=none, a target's option), which a harden
# -fexceptions after it would override; asked for or not, nothing is added.
for req in --level=strict --enable-exceptions; do
	CXX=g++ CXXFLAGS="-O2 -fno-exceptions" sh "$H" --lang=c++ $req >cxx || fail "C++ $req"
	report_expect cxx exceptions "unsupported -"
	[ "$(report_reason cxx exceptions)" = "C only (language is C++)" ] || fail "C++ $req: $(report_reason cxx exceptions)"
	grep -q '^cflags=.*-fexceptions' cxx && fail "C++ $req: cflags=$(report_key cxx cflags)"
done

# tcc takes -f flags silently and writes no assembly: never claimed.
CC=tcc CFLAGS=-O2 sh "$H" --enable-exceptions >t 2>err && fail "tcc: exceptions accepted"
grep -q "^harden-flags: cannot enable exceptions: cannot compile the probe to assembly: tcc: error: invalid option -- '-S'\$" err ||
	fail "tcc: $(cat err)"
echo ok
