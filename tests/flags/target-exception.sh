# harden-flags --except=FEATURE[=VALUE],... --reason=TEXT: one target's
# flags without those features, for a plain Makefile (issue 33):
# * each excepted feature is off (with its off flag) or at the value
#   given, and its reason is "exception: TEXT" in the report and the
#   summary; every other feature is as in the project's run, and
#   audit_expect leaves out what the exception turns off;
# * the exception wins over the project's request of the same feature;
# * --export-prefix names the target's variables (INTERP_CFLAGS, ...);
# * on the binaries: a program built with the project's flags and one
#   with the target's (interp) pass harden-audit with --expect-for
#   interp=the target's audit_expect; interp built without -Wl,-z,now as
#   well fails it, naming bind-now;
# * another reason is another cache entry;
# * bad input is a usage error (exit 2) that says what is valid: no
#   reason, a blank one, a reason without --except, an unknown feature,
#   yes as the value, a feature named twice.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
CC=gcc CFLAGS="-O2 -g"
export CC CFLAGS
why="valgrind reads its own stack"

sh "$H" --cache=proj.cache --enable-stack-protector --report >proj.report 2>err || fail "the project's run: $(cat err)"
sh "$H" --cache=interp.cache --enable-stack-protector --except=stack-protector,fortify-source=2 --reason="$why" \
	--report >interp.report 2>err || fail "the target's run: $(cat err)"
report_expect interp.report stack-protector "off -"
[ "$(report_reason interp.report stack-protector)" = "exception: $why" ] ||
	fail "stack-protector's reason: $(report_reason interp.report stack-protector)"
grep -qx 'flags stack-protector cc:-fno-stack-protector' interp.report || fail "no off flag: $(grep '^flags stack-protector' interp.report)"
report_expect interp.report fortify-source "on 2"
[ "$(report_reason interp.report fortify-source)" = "exception: $why" ] ||
	fail "fortify-source's reason: $(report_reason interp.report fortify-source)"
# The others: the same lines as the project's.
grep -v -e ' stack-protector ' -e ' fortify-source ' -e '^runs=' -e '^enabled=' -e '^audit_expect=' \
	-e '^cppflags=' -e '^cflags=' -e '^ldflags=' proj.report >proj.others
grep -v -e ' stack-protector ' -e ' fortify-source ' -e '^runs=' -e '^enabled=' -e '^audit_expect=' \
	-e '^cppflags=' -e '^cflags=' -e '^ldflags=' interp.report >interp.others
cmp -s proj.others interp.others || fail "other features differ: $(diff proj.others interp.others)"
[ "$(report_key interp.report audit_expect)" = "$(audit_expect_want interp.report)" ] ||
	fail "audit_expect: $(report_key interp.report audit_expect)"
report_key interp.report audit_expect | grep -q stack-protector && fail "audit_expect keeps stack-protector"
echo " $(report_key interp.report enabled) " | grep -q ' fortify-source=2 ' || fail "enabled: $(report_key interp.report enabled)"
sh "$H" --cache=interp.cache --enable-stack-protector --except=stack-protector,fortify-source=2 --reason="$why" \
	--summary >summary || fail "--summary failed"
grep -q "^  stack-protector  *off  *exception: $why: -fno-stack-protector\$" summary || fail "summary: $(cat summary)"

# The two programs, and the gate.
sh "$H" --cache=proj.cache --enable-stack-protector --export=make >proj.mk || fail "--export=make"
sh "$H" --cache=interp.cache --enable-stack-protector --except=stack-protector,fortify-source=2 --reason="$why" \
	--export=make --export-prefix=INTERP_ >interp.mk || fail "--export-prefix"
grep -q '^INTERP_CFLAGS = .*-fno-stack-protector' interp.mk && ! grep -q HARDEN_ interp.mk ||
	fail "interp.mk: $(cat interp.mk)"
# The source of tests/autoconf/except: a strcpy into a fixed buffer.
cp "$S/tests/autoconf/except/m.c" . || exit 99
cat >Makefile <<'EOF'
include proj.mk
include interp.mk
all: prog interp interp-now
prog: m.c
	$(CC) $(HARDEN_CPPFLAGS) $(HARDEN_CFLAGS) $(HARDEN_EXE_CFLAGS) $(CFLAGS) -o $@ m.c $(HARDEN_LDFLAGS) $(HARDEN_EXE_LDFLAGS)
interp: m.c
	$(CC) $(INTERP_CPPFLAGS) $(INTERP_CFLAGS) $(INTERP_EXE_CFLAGS) $(CFLAGS) -o $@ m.c $(INTERP_LDFLAGS) $(INTERP_EXE_LDFLAGS)
interp-now: m.c
	$(CC) $(INTERP_CPPFLAGS) $(INTERP_CFLAGS) $(INTERP_EXE_CFLAGS) $(CFLAGS) -o $@ m.c $(filter-out -Wl$(comma)-z$(comma)now,$(INTERP_LDFLAGS)) $(INTERP_EXE_LDFLAGS)
comma = ,
EOF
make -s >make.out 2>&1 || fail "make: $(cat make.out)"
elf_has_canary prog && ! elf_has_canary interp || fail "the canary is not where the flags say"
elf_has_now interp && ! elf_has_now interp-now || fail "interp-now still has BIND_NOW"
tools_build harden-audit
expect=$(report_key proj.report audit_expect) iexpect=$(report_key interp.report audit_expect)
"$TOOLS/harden-audit" --expect "$expect" --expect-for "interp=$iexpect" prog interp >audit.out 2>&1 ||
	fail "the gate fails the exception: $(cat audit.out)"
"$TOOLS/harden-audit" --expect "$expect" --expect-for "interp-now=$iexpect" prog interp-now >audit.out 2>&1 &&
	fail "the gate passes interp without bind-now: $(cat audit.out)"
grep -q 'bind-now' audit.out || fail "the gate does not name bind-now: $(cat audit.out)"

# Another reason: the cache is not read back.
sh "$H" --cache=interp.cache --enable-stack-protector --except=stack-protector,fortify-source=2 --reason="a JIT" \
	--report >again.report 2>err || fail "the run with another reason: $(cat err)"
[ "$(report_reason again.report stack-protector)" = "exception: a JIT" ] || fail "a stale reason: $(report_reason again.report stack-protector)"

# Bad input.
usage() {
	sh "$H" "$@" >out 2>err && fail "accepted: $*"
	[ $? -eq 2 ] || fail "exit status not 2: $*"
}
usage --except=stack-protector
grep -q -- '--except=stack-protector needs --reason=TEXT' err || fail "no reason: $(cat err)"
usage --except=stack-protector --reason="  "
grep -q -- 'needs --reason=TEXT' err || fail "a blank reason: $(cat err)"
usage --reason="$why"
grep -q -- 'give --except=FEATURE too' err || fail "a reason alone: $(cat err)"
usage --except=stack-protectr --reason="$why"
grep -q -- '--except=stack-protectr: no feature stack-protectr (features: stack-protector, fortify-source,' err ||
	fail "an unknown feature: $(cat err)"
usage --except=pie=yes --reason="$why"
grep -q -- 'turns a feature off or sets another of its values, not yes' err || fail "value yes: $(cat err)"
usage --except=pie,pie --reason="$why"
grep -q -- '--except names pie twice' err || fail "twice: $(cat err)"
HARDEN_LIFT_EXCEPTIONS=stack-protectr sh "$H" --except=stack-protector --reason="$why" >out 2>err
[ $? -eq 2 ] || fail "HARDEN_LIFT_EXCEPTIONS=stack-protectr: not exit 2"
grep -q -- "HARDEN_LIFT_EXCEPTIONS=stack-protectr: no feature 'stack-protectr' (yes, or features: stack-protector," err ||
	fail "an unknown feature to lift: $(cat err)"
usage --export-prefix=1X
grep -q -- "invalid value '1X' for --export-prefix" err || fail "a bad prefix: $(cat err)"
echo ok
