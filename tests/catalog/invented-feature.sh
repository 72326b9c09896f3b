# A feature is added in the catalog alone: a row in features.txt (and, for
# an asm proof, its probe function in probe.c), then make embed's
# generator, reach the driver, the three frontends (option, probe, report,
# all four reports identical), harden-audit's --list and --expect, and
# harden-cost, without editing any of them.  The feature is invented for
# the test (frame-pointer), in a scratch copy of harden.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make autoreconf meson ninja cmake
h=$T/harden
meson_copy_subproject "$h"
cp -R "$S/examples" "$h/" || exit 99
cat >>"$h/catalog/features.txt" <<'CAT'

feature frame-pointer strict - keep the frame pointer, for stack traces
value   frame-pointer yes asm cc:-fno-omit-frame-pointer
off     frame-pointer cc:-fomit-frame-pointer
builder frame-pointer on:-fno-omit-frame-pointer off:-fomit-frame-pointer
CAT
cat >>"$h/catalog/probe.c" <<'PROBE'

int harden_probe_frame_pointer(int);

int
harden_probe_frame_pointer(int x)
{
	harden_probe_use(&x);
	return x + 1;
}
PROBE
# make embed, without make serial (the copy has no git history).
cc -o embed "$h/build-aux/embed-catalog.c" || fail "embed-catalog does not build"
(cd "$h" && "$T/embed" catalog m4/harden.m4 meson_options.txt tools/audit/features.c) ||
	fail "embed-catalog failed"

CFLAGS="-g -O2"
export CFLAGS
# The driver.
CC=gcc sh "$h/catalog/harden-flags" --level=strict >cli || fail "harden-flags failed"
report_expect cli frame-pointer "on yes"
grep -q '^flags frame-pointer cc:-fno-omit-frame-pointer$' cli || fail "no flag: $(grep frame-pointer cli)"
CC=gcc sh "$h/catalog/harden-flags" --level=strict --disable-frame-pointer >off || fail "--disable failed"
grep -q '^flags frame-pointer cc:-fomit-frame-pointer$' off || fail "no off flag: $(grep frame-pointer off)"
sh "$h/catalog/harden-flags" --list | grep -q '^frame-pointer strict ' || fail "not in --list"

# Autoconf: its option and its probe, in the example's configure without
# Automake and Libtool (tests/autoconf/small: the same HARDEN_CHECK; a
# fifth of the time).
cp -R "$S/tests/autoconf/small" ac && mkdir ac/m4 && cp "$h/m4/harden.m4" ac/m4/ || exit 99
(cd ac && autoreconf -fi >ar.out 2>&1) || fail "autoreconf failed: $(tail -n 5 ac/ar.out)"
(cd ac && ./configure --help) | grep -q -- '--enable-frame-pointer' || fail "no --enable-frame-pointer"
(cd ac && ./configure CC=gcc --enable-hardening=strict >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 3 ac/configure.out)"
[ "$(summary_state ac frame-pointer)" = on ] || fail "configure: $(grep frame-pointer ac/configure.out)"
# Meson: its option (-Dharden:frame_pointer) and its probe.
# b_asneeded=false: Meson's own -Wl,--as-needed is a builder's flag the driver lacks here.
CC=gcc meson setup ms "$h/examples/meson" --buildtype=plain -Db_asneeded=false -Dharden:hardening=strict \
	-Dharden:frame_pointer=enabled >ms.out 2>&1 || fail "meson setup failed: $(tail -n 5 ms.out)"
# CMake: HARDENING_FRAME_POINTER.
CC=gcc cmake -S "$h/examples/cmake" -B cm -G Ninja -DCMAKE_BUILD_TYPE= -DHARDENING=strict \
	-DHARDENING_FRAME_POINTER=ON >cm.out 2>&1 || fail "cmake failed: $(tail -n 5 cm.out)"
for r in ac/harden-report.txt "$(meson_report ms)" cm/harden-report.txt; do
	grep -v '^runs=' "$r" | grep -v '^result frame-pointer' >got
	grep -v '^runs=' cli | grep -v '^result frame-pointer' >want
	diff want got >/dev/null || fail "$r differs from the driver's: $(diff want got | head -n 5)"
done
run ms.ninja.log ninja -C ms
grep -q -- '-fno-omit-frame-pointer' ms/compile_commands.json || fail "Meson did not apply the flag"

# harden-audit: --list names it, --expect judges it from recorded command
# lines.  The copy's own, which the Meson build above made from its sources
# (the regenerated features.c) for the subproject's audit test.
A=$T/ms/subprojects/harden/meson/harden-audit
[ -x "$A" ] || fail "the Meson build made no harden-audit"
"$A" --list | grep -q '^frame-pointer .*recorded command line' ||
	fail "harden-audit --list: $("$A" --list | grep frame)"
printf 'int main(void) { return 0; }\n' >m.c
gcc -g -O2 -fno-omit-frame-pointer -o with m.c && gcc -g -O2 -fomit-frame-pointer -o without m.c || exit 99
"$A" --expect frame-pointer with >/dev/null || fail "--expect frame-pointer fails on a program that has it"
"$A" --expect frame-pointer without >/dev/null 2>&1 && fail "--expect frame-pointer passes without it"

# harden-cost takes its features from the driver of the catalog it is given:
# the run's harden-cost (tests/lib.sh tools_build), built from the tree
# without the feature, knows it from the copy's catalog.
tools_build "harden-audit harden-cost"
"$TOOLS/harden-cost" --make "$h/examples/cost" --catalog "$h/catalog" --features no-such --run true >cost.out 2>&1
grep -q '^  frame-pointer$' cost.out || fail "harden-cost does not know frame-pointer: $(head -n 3 cost.out)"
echo ok
