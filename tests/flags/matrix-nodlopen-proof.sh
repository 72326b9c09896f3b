# The toolchain matrix's own proof of nodlopen (tests/matrix/lib.sh, which
# the matrix runs on every toolchain; here on files built to fail it):
# mx_prove takes a library only with FLAGS_1 NOOPEN and a program only
# without it; mx_unclaimed, for a report that does not claim nodlopen,
# takes no file that has it.
. "$HARDEN_SRCDIR/tests/matrix/lib.sh"
need gcc readelf
printf 'int lib_f(void) { return 42; }\n' >lib.c
printf 'int lib_f(void);\nint main(void) { return lib_f() != 42; }\n' >main.c
run noopen.log gcc -O2 -fPIC -shared -Wl,-z,nodlopen -o libnoopen.so lib.c
run plain.log gcc -O2 -fPIC -shared -o libplain.so lib.c
run prog.log gcc -O2 -o prog main.c -L. -lplain

# prove FILE KIND WANT (0 proven, 1 not) TEXT: mx_prove's verdict and words.
prove() {
	_got=$(mx_prove nodlopen "$1" "$2" r build.log)
	_rc=$?
	[ "$_rc" = "$3" ] || fail "mx_prove nodlopen $1 $2: status $_rc, not $3 ($_got)"
	[ "$_got" = "$4" ] || fail "mx_prove nodlopen $1 $2: '$_got', not '$4'"
}
prove libnoopen.so lib 0 "FLAGS_1 NOOPEN"
prove libplain.so lib 1 "no FLAGS_1 NOOPEN"
prove prog prog 0 "a program: no NOOPEN"
# GNU ld drops -z nodlopen from a program: a file with it stands in.
prove libnoopen.so prog 1 "FLAGS_1 NOOPEN in a program"
prove libnoopen.so words 1 "FLAGS_1 NOOPEN in a program"

# Not claimed (off, unsupported): no file may have it; other features are
# not its business.
mx_unclaimed nodlopen off prog libplain.so >out || fail "mx_unclaimed on files without NOOPEN: $(cat out)"
mx_unclaimed nodlopen off prog libnoopen.so >out && fail "mx_unclaimed took libnoopen.so for an off nodlopen"
[ "$(cat out)" = "nodlopen off, but libnoopen.so has FLAGS_1 NOOPEN" ] || fail "mx_unclaimed: $(cat out)"
mx_unclaimed relro off libnoopen.so >out || fail "mx_unclaimed judged relro: $(cat out)"
echo ok
