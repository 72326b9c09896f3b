# nodlopen (-Wl,-z,nodlopen): in no level, only on request; a flag of
# shared libraries only (lib_ldflags, --lib-ldflags, HARDEN_LIB_LDFLAGS),
# never on a program's lists; a library linked with it has DF_1_NOOPEN and
# dlopen refuses it.  tcc refuses the option, PE has no such flag, and the
# builder's own -Wl,-z,nodlopen decides it.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ readelf tcc x86_64-w64-mingw32-gcc
H="$S/catalog/harden-flags"
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
printf 'int lib_f(void) { return 42; }\n' >lib.c
cat >main.c <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	(void)argc;
	if (dlopen(argv[1], RTLD_NOW) != NULL)
		return 0;
	printf("%s\n", dlerror());
	return 1;
}
EOF

# Not requested: off, at every level, and no list has it.
for level in standard strict; do
	CC=gcc CFLAGS=-O2 sh "$H" --level=$level >r-$level || fail "$level: $(cat r-$level)"
	report_expect r-$level nodlopen "off -"
	[ "$(report_reason r-$level nodlopen)" = "only on request" ] || fail "$level: $(report_reason r-$level nodlopen)"
	grep -E '^[a-z_]+=.*nodlopen' r-$level && fail "$level: a list has it"
	grep -qx 'lib_ldflags=' r-$level || fail "$level: no empty lib_ldflags= line"
done

# Requested: on the library list only, and in audit_expect.
CC=gcc CFLAGS=-O2 sh "$H" --enable-nodlopen >r || fail "enable: $(cat r)"
report_expect r nodlopen "on yes"
[ "$(report_key r lib_ldflags)" = -Wl,-z,nodlopen ] || fail "lib_ldflags=$(report_key r lib_ldflags)"
for k in cppflags cflags exe_cflags ldflags exe_ldflags; do
	case " $(report_key r $k) " in *nodlopen*) fail "$k has it: $(report_key r $k)" ;; esac
done
case ",$(report_key r audit_expect)," in *,nodlopen,*) ;; *) fail "audit_expect: $(report_key r audit_expect)" ;; esac
out=$(CC=gcc CFLAGS=-O2 sh "$H" --enable-nodlopen --ldflags --exe-ldflags --exe-cflags) || fail "lists"
case $out in *nodlopen*) fail "a program's list has it: $out" ;; esac
lib=$(CC=gcc CFLAGS=-O2 sh "$H" --enable-nodlopen --lib-ldflags) || fail "--lib-ldflags"
[ "$lib" = -Wl,-z,nodlopen ] || fail "--lib-ldflags: $lib"
CC=gcc CFLAGS=-O2 sh "$H" --enable-nodlopen --export=sh >exp || fail "--export=sh"
grep -qx "HARDEN_LIB_LDFLAGS='-Wl,-z,nodlopen'; export HARDEN_LIB_LDFLAGS" exp || fail "export: $(cat exp)"
CC=gcc CFLAGS=-O2 sh "$H" --enable-nodlopen --pc | grep -qx 'lib_ldflags=-Wl,-z,nodlopen' || fail "--pc"
cxx=$(CXX=g++ CXXFLAGS=-O2 sh "$H" --lang=c++ --enable-nodlopen --cxx-lib-ldflags) || fail "--cxx-lib-ldflags"
[ "$cxx" = -Wl,-z,nodlopen ] || fail "--cxx-lib-ldflags: $cxx"
CXX=g++ sh "$H" --lang=c++ --lib-ldflags 2>err && fail "--lib-ldflags taken in C++"
grep -q "is not an output of --lang=c++" err || fail "C++: $(cat err)"

# The flags do what the report says: the library refuses dlopen, a program
# built with the program lists does not get DF_1_NOOPEN.
run lib.log gcc -O2 -fPIC -shared $lib -o libnoopen.so lib.c
run lib2.log gcc -O2 -fPIC -shared -o libplain.so lib.c
noopen libnoopen.so || fail "the library lacks DF_1_NOOPEN"
noopen libplain.so && fail "DF_1_NOOPEN without the flag"
run main.log gcc -O2 $(report_key r cflags) $(report_key r exe_cflags) \
	$(report_key r ldflags) $(report_key r exe_ldflags) -o main main.c -ldl
noopen main && fail "the program has DF_1_NOOPEN"
./main ./libplain.so >out || fail "dlopen of the plain library: $(cat out)"
./main ./libnoopen.so >out && fail "dlopen of the nodlopen library succeeded"
grep -q 'cannot be dlopen()ed' out || fail "dlopen: $(cat out)"

# Disabled: off with no flag (no linker option clears it).
CC=gcc CFLAGS=-O2 sh "$H" --disable-nodlopen >r2 || fail "disable: $(cat r2)"
report_expect r2 nodlopen "off -"
[ -z "$(report_key r2 lib_ldflags)" ] || fail "disable: lib_ldflags=$(report_key r2 lib_ldflags)"

# The builder's flags: left to the builder; a no request they defeat fails.
CC=gcc CFLAGS=-O2 LDFLAGS=-Wl,-z,nodlopen sh "$H" >r3 || fail "builder: $(cat r3)"
report_expect r3 nodlopen "builder yes"
[ "$(report_reason r3 nodlopen)" = "set by the builder (-Wl,-z,nodlopen); only on request, not probed" ] ||
	fail "builder: $(report_reason r3 nodlopen)"
grep -qx 'lib_ldflags=' r3 || fail "builder: harden adds it too"
CC=gcc CFLAGS=-O2 LDFLAGS=-Wl,-z,nodlopen sh "$H" --disable-nodlopen >r4 2>err && fail "builder's flag beat a no request"
[ "$(cat err)" = "harden-flags: cannot disable nodlopen: still present (elf:noopen) (the builder's flags have -Wl,-z,nodlopen)" ] ||
	fail "builder no: $(cat err)"

# Toolchains that cannot: the reason says why.
CC=tcc CFLAGS=-O2 sh "$H" --enable-nodlopen >r5 2>err && fail "tcc: nodlopen accepted"
[ "$(cat err)" = "harden-flags: cannot enable nodlopen: tcc: error: unsupported linker option '-z,nodlopen'" ] ||
	fail "tcc: $(cat err)"
CC=x86_64-w64-mingw32-gcc CFLAGS=-O2 sh "$H" --enable-nodlopen >r6 2>err && fail "mingw: nodlopen accepted"
[ "$(cat err)" = "harden-flags: cannot enable nodlopen: ELF only (target is PE)" ] || fail "mingw: $(cat err)"
echo ok
