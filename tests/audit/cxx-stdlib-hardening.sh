#!/bin/sh
# cxx-stdlib-hardening.sh - the stdlib-hardening verdict, checked against
# the program's own behaviour: an out-of-bounds operator[] aborts (libstdc++,
# SIGABRT) or traps (libc++, SIGILL) exactly when the library's checks are
# on.  yes only on proof: g++'s import of std::__glibcxx_assert_fail
# (readelf shows it), or clang's recorded -D in every C++ unit (a C unit
# beside them does not count; a C++ unit without it makes it partial, one
# that turns it off no); unknown where nothing shows (g++ without the
# assertions: GCC records no -D; libc++ traps inline); n/a for C.  The
# driver leaves it out of audit_expect: a correct program without a checked
# accessor cannot show it.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
need gcc g++ clang clang++ clang++-19 readelf
cd "$T" || exit 99
stdlib_sources
cat >c.c <<'EOS'
int half(int x) { return x / 2; }
EOS
A=-D_GLIBCXX_ASSERTIONS
LF="-U_LIBCPP_HARDENING_MODE -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST"
R="-g -grecord-command-line -O2"
# name|compiler and flags|verdict|exit status of "name 3" (out of bounds)
cat >rows <<EOS
gxx-assert|g++ -O2 $A|yes|134
gxx-plain|g++ -O2|unknown|any
gxx-assert-g|g++ -g -O2 $A|yes|134
gxx-plain-g|g++ -g -O2|unknown|any
clangxx-assert|clang++ -O2 $A|yes|134
clangxx-rec-off|clang++ $R -U_GLIBCXX_ASSERTIONS|no|any
clangxx-rec-plain|clang++ $R|unknown|any
libcxx-fast|clang++-19 -stdlib=libc++ -O2 $LF|unknown|132
libcxx-fast-rec|clang++-19 -stdlib=libc++ $R $LF|yes|132
libcxx-none-rec|clang++-19 -stdlib=libc++ $R -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_NONE|no|any
EOS
# The programs, two at a time (the odd and the even rows), on two cores.
build_rows() {
	while IFS='|' read -r name cxx want oob; do
		# shellcheck disable=SC2086
		$cxx -o "$name" at.cc >"$name.log" 2>&1 || rm -f "$name"
	done
}
awk 'NR % 2' rows | build_rows &
awk '!(NR % 2)' rows | build_rows
wait
while IFS='|' read -r name cxx want oob; do
	[ -f "$name" ] || { cat "$name.log"; fail "cannot build $name"; }
	got=$("$AUDIT" -j "$name" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["properties"]["stdlib-hardening"]["result"])') ||
		fail "$name: no JSON verdict"
	[ "$got" = "$want" ] || fail "$name: stdlib-hardening $got, want $want ($("$AUDIT" -v "$name" | grep '^    stdlib'))"
	"./$name" 2 || fail "$name 2 (in bounds) failed"
	"./$name" 3 2>/dev/null
	rc=$?
	[ "$oob" = any ] || [ "$rc" = "$oob" ] || fail "$name 3: exit $rc, want $oob"
	[ "$oob" = any ] && [ "$rc" -ge 128 ] && fail "$name 3: killed ($rc) without the library's checks"
	case $want in
	yes) check_expect 0 stdlib-hardening "$name" ;;
	*) check_expect 1 stdlib-hardening "$name" ;;
	esac
done <rows
elf_has_sym gxx-assert _ZSt21__glibcxx_assert_failPKciS0_S0_ || fail "readelf: gxx-assert imports no std::__glibcxx_assert_fail"
elf_has_sym gxx-plain _ZSt21__glibcxx_assert_failPKciS0_S0_ && fail "readelf: gxx-plain imports std::__glibcxx_assert_fail"

# Units: the C unit never counts; a C++ unit without the -D makes it partial.
clang $R -c c.c -o c.o && clang++ $R $A -c at.cc -o at.o && clang++ $R -c plain.cc -o plain.o &&
	clang++ $R $A -c plain.cc -o plain-a.o && clang++ -o mix-ok at.o plain-a.o c.o &&
	clang++ -o mix-lack at.o plain.o c.o || fail "cannot build the mixed programs"
check_expect 0 stdlib-hardening mix-ok
check_expect 1 stdlib-hardening mix-lack
said "stdlib-hardening not proven: partial (imports std::__glibcxx_assert_fail (libstdc++ assertions), but 1 of 2 recorded units lack stdlib-hardening (-D_GLIBCXX_ASSERTIONS): plain.cc)"
printf 'int half(int);\nint main(int argc, char **argv) { (void)argv; return half(argc); }\n' >m.c &&
	gcc -g -O2 -o c-prog m.c c.c || fail "cannot build c-prog"
check_expect 0 stdlib-hardening c-prog
"$AUDIT" -v c-prog | grep -q '^    stdlib-hardening  *n/a  *no C++ code: ' || fail "c-prog: $("$AUDIT" -v c-prog | grep '^    stdlib')"

# The driver: enabled, but not in audit_expect (no audit row).
CXX=g++ sh "$S/catalog/harden-flags" --lang=c++ --report >report 2>&1 || fail "harden-flags --lang=c++ failed"
grep -q '^enabled=.* stdlib-hardening=assertions' report || fail "stdlib-hardening not enabled: $(grep ^enabled= report)"
grep '^audit_expect=' report | grep -q stdlib-hardening && fail "audit_expect has stdlib-hardening"
echo "cxx-stdlib-hardening: ok"
