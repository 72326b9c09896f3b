# Each feature option does what it says, in configure's summary, in the
# HARDEN_* substitutions and in the binaries, table-driven: the options
# that do not interact share one configure and one build of the example
# (Automake and Libtool: the off flags must reach libtool's lines too);
# the ones that do (relro and bind-now, --disable-hardening) get a
# configure of their own on tests/autoconf/small and a one-line build.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc

# The off flags that do not interact, each with a compiler command that
# turns its feature on by itself (as Ubuntu's gcc predefines
# _FORTIFY_SOURCE): --disable-* must still win.  relro stays on, the
# witness that the rest of the level was not lost with them.  And
# --enable-nodlopen, a request for a feature of no level, for libraries.
# No C++ compiler (CXX=/no/such/c++): without --enable-cxx the C build
# needs none (tests/autoconf/cxx-optional.sh).
autotools_example ex CC="gcc -D_FORTIFY_SOURCE=2 -fstack-protector-strong" CXX=/no/such/c++ \
	--disable-stack-protector --disable-fortify-source --disable-pie --disable-bind-now \
	--disable-noexecstack --disable-stack-clash-protection --disable-cf-protection --disable-format-security \
	--enable-nodlopen ||
	fail "configure failed: $(tail -n 3 ex/configure.out)"
(cd ex && make -j2 V=1 check >make.out 2>&1) || fail "make check failed: $(tail -n 10 ex/make.out)"
prog=ex/.libs/tally lib=ex/.libs/libtally.so.0.0.0
for f in stack-protector fortify-source pie bind-now noexecstack stack-clash-protection cf-protection format-security; do
	[ "$(summary_state ex $f)" = off ] || fail "summary does not say $f off: $(grep "^  $f " ex/configure.out)"
done
[ "$(summary_state ex relro)" = on ] || fail "relro went missing with the others"

# stack-protector: -fno-stack-protector after CC's -fstack-protector-strong.
subst ex HARDEN_CFLAGS | grep -q -- -fno-stack-protector || fail "no -fno-stack-protector in HARDEN_CFLAGS"
elf_has_canary $prog && fail "program still has a canary"
elf_has_canary $lib && fail "library still has a canary"
# fortify-source: -U_FORTIFY_SOURCE undoes CC's -D_FORTIFY_SOURCE=2.
[ "$(subst ex HARDEN_CPPFLAGS)" = -U_FORTIFY_SOURCE ] || fail "HARDEN_CPPFLAGS is '$(subst ex HARDEN_CPPFLAGS)'"
elf_has_chk $prog && fail "program still has fortified calls"
elf_has_chk $lib && fail "library still has fortified calls"
# pie: a non-PIE program on Debian's PIE-by-default gcc, the library still
# a shared object (make check ran the program).
[ "$(subst ex HARDEN_EXE_LDFLAGS)" = -no-pie ] || fail "HARDEN_EXE_LDFLAGS is '$(subst ex HARDEN_EXE_LDFLAGS)'"
[ "$(elf_type $prog)" = EXEC ] || fail "program is $(elf_type $prog), not EXEC"
[ "$(elf_type $lib)" = DYN ] || fail "library is not a shared object"
# bind-now: RELRO kept, lazy binding (-z lazy).
elf_has_relro $prog || fail "program lost RELRO"
elf_has_now $prog && fail "program still binds now"
# noexecstack: the builder asked for the binary to lack the feature, so
# the stack really is executable (-z execstack).
elf_exec_stack $prog || fail "program stack is not RWE"
# The code-generation features: their off flags on the compile lines.
cflags=$(subst ex HARDEN_CFLAGS)
for flag in -fno-stack-clash-protection -fcf-protection=none -Wno-format-security; do
	echo " $cflags " | grep -q -- " $flag " || fail "HARDEN_CFLAGS lacks $flag: $cflags"
	grep ' -c ' ex/make.out | grep -v -q -e " $flag " && fail "$flag is not on every compile line"
done
# nodlopen: HARDEN_LIB_LDFLAGS has -Wl,-z,nodlopen, which the library gets
# (DF_1_NOOPEN) and the program does not, and make check's audit expects.
noopen() { readelf -dW "$1" | grep -q '(FLAGS_1).* NOOPEN'; }
[ "$(summary_state ex nodlopen)" = on ] || fail "summary: $(grep nodlopen ex/configure.out)"
[ "$(subst ex HARDEN_LIB_LDFLAGS)" = -Wl,-z,nodlopen ] || fail "HARDEN_LIB_LDFLAGS is '$(subst ex HARDEN_LIB_LDFLAGS)'"
for v in HARDEN_LDFLAGS HARDEN_EXE_LDFLAGS HARDEN_CFLAGS; do
	case $(subst ex $v) in *nodlopen*) fail "$v has it: $(subst ex $v)" ;; esac
done
case ,$(subst ex HARDEN_AUDIT_EXPECT), in *,nodlopen,*) ;; *) fail "HARDEN_AUDIT_EXPECT: $(subst ex HARDEN_AUDIT_EXPECT)" ;; esac
noopen $lib || fail "the library lacks DF_1_NOOPEN"
noopen $prog && fail "the program has DF_1_NOOPEN"

# --disable-relro: no GNU_RELRO (binutils adds one by default), and
# bind-now, which needs relro, is reported as such and left out.  The
# values asked for, which interact with nothing here, share its configure:
# --enable-stack-protector=basic and --enable-fortify-source=2 pick those
# candidates, and --enable-wrapv asks for a feature outside the level.
autotools_small nr --disable-relro --enable-stack-protector=basic --enable-fortify-source=2 --enable-wrapv ||
	fail "configure failed: $(tail -n 3 nr/configure.out)"
autotools_small_tally nr
[ "$(summary_state nr relro)" = off ] || fail "summary does not say relro off"
[ "$(summary_state nr bind-now)" = unsupported ] || fail "bind-now not reported unsupported"
grep -q 'bind-now .*needs relro' nr/configure.out || fail "no 'needs relro' reason"
elf_has_relro nr/tally && fail "program still has GNU_RELRO"
elf_has_now nr/tally && fail "program has BIND_NOW without RELRO"
cflags=" $(subst nr HARDEN_CFLAGS) "
echo "$cflags" | grep -q ' -fstack-protector --param=ssp-buffer-size=4 ' || fail "no basic stack protector: $cflags"
echo "$cflags" | grep -q -- '-fstack-protector-strong' && fail "strong applied although basic was asked for"
elf_has_canary nr/tally || fail "program has no canary with the basic stack protector"
[ "$(subst nr HARDEN_CPPFLAGS)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "fortify: $(subst nr HARDEN_CPPFLAGS)"
echo "$cflags" | grep -q ' -fno-strict-overflow ' || fail "wrapv not applied at the standard level: $cflags"
[ "$(summary_state nr auto-var-init)" = off ] || fail "auto-var-init applied without being asked for"
# nodlopen, not requested, is off: "only on request" (tests/matrix proves
# that no library of any toolchain gets it unasked).
[ "$(summary_state nr nodlopen)" = off ] || fail "nodlopen not off: $(grep nodlopen nr/configure.out)"
[ -z "$(subst nr HARDEN_LIB_LDFLAGS)" ] || fail "HARDEN_LIB_LDFLAGS is '$(subst nr HARDEN_LIB_LDFLAGS)' unasked"
# help_of OPTION: the lines of OPTION in configure --help (up to the next).
help_of() { (cd nr && ./configure --help) | awk -v o="$1" '$1 ~ /^--/ { on = index($1, o) == 1 } on'; }
help_of --enable-nodlopen | grep -q 'only on request' || fail "help: $(help_of --enable-nodlopen)"
# Asking for both at once is a contradiction configure must refuse.
autotools_small nr2 --disable-relro --enable-bind-now && fail "configure accepted --enable-bind-now --disable-relro"
grep -q 'error: cannot enable bind-now: needs relro' nr2/configure.out || fail "unexpected error: $(tail -n 1 nr2/configure.out)"

# --disable-hardening adds nothing at all, runs no probe, and the program
# keeps only what the toolchain does by itself.
autotools_small none --disable-hardening || fail "configure failed: $(tail -n 3 none/configure.out)"
autotools_small_tally none
for v in HARDEN_CPPFLAGS HARDEN_CFLAGS HARDEN_LDFLAGS HARDEN_EXE_LDFLAGS HARDEN_LIB_LDFLAGS HARDEN_ENABLED; do
	[ -z "$(subst none $v)" ] || fail "$v is '$(subst none $v)'"
done
[ "$(subst none HARDEN_LEVEL)" = none ] || fail "HARDEN_LEVEL is not none"
grep -q '^  stack-protector  *off  *hardening disabled' none/configure.out || fail "summary does not say disabled"
elf_has_canary none/tally && fail "a canary appeared without hardening"
grep -q 'conftest\.harden-[a-z]*/probe' none/config.log && fail "probes ran although nothing was requested"
echo ok
