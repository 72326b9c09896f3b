# --enable-nodlopen: HARDEN_LIB_LDFLAGS has -Wl,-z,nodlopen, the example's
# libtool library gets it (DF_1_NOOPEN), its program does not, and make
# check's audit expects it.  Not requested: off ("only on request"), and
# the library lacks it.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc readelf
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
autotools_example on --enable-nodlopen || fail "configure failed: $(tail -n 3 on/configure.out)"
(cd on && make -j2 check >make.out 2>&1) || fail "make check failed: $(tail -n 10 on/make.out)"
[ "$(summary_state on nodlopen)" = on ] || fail "summary: $(grep nodlopen on/configure.out)"
[ "$(subst on HARDEN_LIB_LDFLAGS)" = -Wl,-z,nodlopen ] || fail "HARDEN_LIB_LDFLAGS is '$(subst on HARDEN_LIB_LDFLAGS)'"
for v in HARDEN_LDFLAGS HARDEN_EXE_LDFLAGS HARDEN_CFLAGS; do
	case $(subst on $v) in *nodlopen*) fail "$v has it: $(subst on $v)" ;; esac
done
case ,$(subst on HARDEN_AUDIT_EXPECT), in *,nodlopen,*) ;; *) fail "HARDEN_AUDIT_EXPECT: $(subst on HARDEN_AUDIT_EXPECT)" ;; esac
noopen on/.libs/libtally.so.0.0.0 || fail "the library lacks DF_1_NOOPEN"
noopen on/.libs/tally && fail "the program has DF_1_NOOPEN"
(cd on && ./configure --help) | grep -A2 -- '--enable-nodlopen' | grep -q 'only on request' ||
	fail "help: $(cd on && ./configure --help | grep -A2 -- --enable-nodlopen)"

autotools_example off || fail "configure failed: $(tail -n 3 off/configure.out)"
(cd off && make -j2 >make.out 2>&1) || fail "make failed: $(tail -n 10 off/make.out)"
[ "$(summary_state off nodlopen)" = off ] || fail "off summary: $(grep nodlopen off/configure.out)"
[ -z "$(subst off HARDEN_LIB_LDFLAGS)" ] || fail "off: HARDEN_LIB_LDFLAGS is '$(subst off HARDEN_LIB_LDFLAGS)'"
noopen off/.libs/libtally.so.0.0.0 && fail "off: the library has DF_1_NOOPEN"
echo ok
