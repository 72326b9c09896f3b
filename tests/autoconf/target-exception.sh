# HARDEN_EXCEPT([interp], [stack-protector fortify-source=2], [REASON])
# (issue 33, Autoconf): on tests/autoconf/except, two programs of one
# source with Automake, interp with the exception:
# * configure prints each excepted feature with the reason, keeps the
#   exception's report (harden-except-interp.txt, in DISTCLEANFILES), and
#   substitutes HARDEN_interp_CPPFLAGS, _CFLAGS, _LDFLAGS, ... for
#   interp_CPPFLAGS and the rest, while HARDEN_CFLAGS stays the project's;
# * interp has no canary and fortify level 2 (a checked strcpy of a fixed
#   buffer), PIE and full RELRO; prog has the canary;
# * make check's gate (HARDEN_AUDIT_CHECK --expect-for
#   interp=$(HARDEN_interp_AUDIT_EXPECT)) passes, and fails naming
#   bind-now when interp is relinked with -z lazy;
# * bad exceptions stop autoconf (no reason, no feature, a target name
#   that is no Automake variable name) or configure (an unknown feature,
#   the valid ones listed; a target whose variables no Makefile.in names).
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc make automake
tools_build harden-audit
autotools_copy "$S/tests/autoconf/except" ex
(cd ex && ./configure -C CC=gcc CFLAGS="-O2 -g" HARDEN_AUDIT="$TOOLS/harden-audit" >configure.out 2>&1) ||
	fail "configure failed: $(tail -n 5 ex/configure.out)"
why="reads its own stack, with a plain copy"
# A C project: the C++ exception's step says nothing.
grep -E 'operator expected|unexpected operator|: not found|[Ss]yntax error|[Bb]ad substitution' ex/configure.out &&
	fail "shell errors in configure's output"
grep -qx "configure: hardening exception of interp: stack-protector off: exception: $why: -fno-stack-protector" ex/configure.out ||
	fail "no stack-protector exception line: $(grep exception ex/configure.out)"
grep -qx "configure: hardening exception of interp: fortify-source on: 2: -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2; exception: $why" ex/configure.out ||
	fail "no fortify-source exception line: $(grep exception ex/configure.out)"
[ "$(report_reason ex/harden-except-interp.txt stack-protector)" = "exception: $why" ] || fail "harden-except-interp.txt"
subst ex DISTCLEANFILES | grep -q harden-except-interp.txt || fail "DISTCLEANFILES: $(subst ex DISTCLEANFILES)"
subst ex HARDEN_interp_CFLAGS | grep -q -- '-fno-stack-protector' || fail "HARDEN_interp_CFLAGS: $(subst ex HARDEN_interp_CFLAGS)"
subst ex HARDEN_interp_CFLAGS | grep -q -- '-fstack-protector-strong' && fail "HARDEN_interp_CFLAGS keeps the canary"
[ "$(subst ex HARDEN_interp_CPPFLAGS)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "HARDEN_interp_CPPFLAGS: $(subst ex HARDEN_interp_CPPFLAGS)"
subst ex HARDEN_CFLAGS | grep -q -- '-fstack-protector-strong' || fail "HARDEN_CFLAGS lost the project's canary"
[ "$(subst ex HARDEN_CPPFLAGS)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3" ] || fail "HARDEN_CPPFLAGS: $(subst ex HARDEN_CPPFLAGS)"
[ "$(subst ex HARDEN_interp_AUDIT_EXPECT)" = "fortify-source,pie,relro,bind-now,noexecstack" ] ||
	fail "HARDEN_interp_AUDIT_EXPECT: $(subst ex HARDEN_interp_AUDIT_EXPECT)"

(cd ex && make -j2 check >make.out 2>&1) || fail "make check failed: $(tail -n 15 ex/make.out)"
grep -q -- "--expect-for interp=fortify-source,pie,relro,bind-now,noexecstack prog interp" ex/make.out || fail "make check did not audit"
elf_has_canary ex/prog || fail "prog has no canary"
elf_has_canary ex/interp && fail "interp has a canary"
elf_has_sym ex/interp __strcpy_chk || fail "interp has no checked strcpy (fortify 2)"
elf_is_pie ex/interp && elf_has_relro ex/interp && elf_has_now ex/interp || fail "interp lost more than its canary"
# Each flag once on interp's link line (its own _CFLAGS are there too).
grep -e '-o interp ' ex/make.out | tr ' ' '\n' | sort | uniq -d | grep -- '^-[fDW]' &&
	fail "a flag twice on interp's link line: $(grep -e '-o interp ' ex/make.out)"

# One more feature lost: the gate names it.
(cd ex && rm -f interp && make check LDFLAGS=-Wl,-z,lazy >lazy.out 2>&1) && fail "make check passed interp with -z lazy"
grep -q 'interp: bind-now not proven' ex/lazy.out || fail "the gate does not name bind-now: $(tail -n 5 ex/lazy.out)"
[ "$(grep -c 'not proven' ex/lazy.out)" = 1 ] || fail "more than bind-now: $(grep 'not proven' ex/lazy.out)"

# Bad exceptions: autoconf stops (the copy's aclocal.m4 has harden.m4).
bad_autoconf() {
	sed "s|^HARDEN_EXCEPT(.*|$1|" ex/configure.ac >ex/configure.bad && mv ex/configure.bad ex/configure.ac
	(cd ex && autoconf -f >autoconf.out 2>&1) && fail "autoconf accepted: $1"
	grep -q -- "$2" ex/autoconf.out || fail "$1: $(cat ex/autoconf.out)"
}
bad_autoconf 'HARDEN_EXCEPT([interp], [stack-protector], [ ])' 'HARDEN_EXCEPT(interp, stack-protector): a reason is required: why interp goes without it'
bad_autoconf 'HARDEN_EXCEPT([interp], [], [why])' 'HARDEN_EXCEPT(interp): name the features interp goes without'
bad_autoconf 'HARDEN_EXCEPT([my-prog], [pie], [why])' "HARDEN_EXCEPT: 'my-prog' is not a target's name"
# An unknown feature: configure stops (its cache spares the probes).
sed 's|^HARDEN_EXCEPT(.*|HARDEN_EXCEPT([interp], [stack-protectr], [why])|' ex/configure.ac >ex/configure.bad && mv ex/configure.bad ex/configure.ac
(cd ex && autoconf -f >autoconf.out 2>&1) || fail "autoconf: $(cat ex/autoconf.out)"
(cd ex && ./configure -C CC=gcc CFLAGS="-O2 -g" HARDEN_AUDIT="$TOOLS/harden-audit" >bad.out 2>&1) && fail "configure accepted stack-protectr"
grep -q 'error: HARDEN_EXCEPT(interp): --except=stack-protectr: no feature stack-protectr (features: stack-protector, fortify-source,' ex/bad.out ||
	fail "unknown feature: $(tail -n 3 ex/bad.out)"
# A target no Makefile.in names: configure stops, naming it.
sed 's|^HARDEN_EXCEPT(.*|HARDEN_EXCEPT([intrep], [stack-protector], [why])|' ex/configure.ac >ex/configure.bad && mv ex/configure.bad ex/configure.ac
(cd ex && autoconf -f >autoconf.out 2>&1) || fail "autoconf: $(cat ex/autoconf.out)"
(cd ex && ./configure -C CC=gcc CFLAGS="-O2 -g" HARDEN_AUDIT="$TOOLS/harden-audit" >unused.out 2>&1) && fail "configure accepted intrep"
grep -q 'error: HARDEN_EXCEPT(intrep): no input of AC_CONFIG_FILES uses HARDEN_intrep_CFLAGS and the rest, so the exception reaches no target' ex/unused.out ||
	fail "unused target: $(tail -n 3 ex/unused.out)"
echo ok
