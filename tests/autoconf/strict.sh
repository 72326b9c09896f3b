# The strict level adds the strict features each compiler can prove
# (trap-bounds with each compiler's spelling, and no UBSan run-time library):
# gcc 12 has no -fstrict-flex-arrays, clang 19 has it; clang 14 needs the
# auto-var-init enabler flag, clang 19 rejects it.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang clang-19
autotools_example g --enable-hardening=strict || fail "gcc: configure failed"
for f in auto-var-init=zero zero-call-used-regs=used-gpr wrapv=yes no-delete-null-pointer-checks=yes no-strict-aliasing=yes trap-bounds=yes; do
	echo " $(subst g HARDEN_ENABLED) " | grep -q " $f " || fail "gcc: $f not on: $(subst g HARDEN_ENABLED)"
done
[ "$(summary_state g strict-flex-arrays)" = unsupported ] || fail "gcc 12: strict-flex-arrays claimed"
subst g HARDEN_CFLAGS | grep -q -- '-fsanitize=bounds -fsanitize-undefined-trap-on-error' ||
	fail "gcc 12: trap-bounds without the gcc < 13 spelling"
(cd g && make -j2 check >make.out 2>&1) || fail "gcc: make check failed: $(tail -n 5 g/make.out)"
# Neither the program nor the library (libtool drops -fsanitize-undefined-
# trap-on-error from a library's link line unless it is passed as -Wc,).
for f in g/.libs/tally g/.libs/libtally.so; do
	readelf -d $f | grep -q 'NEEDED.*lib[a-z]*san' && fail "gcc: trap-bounds pulled a sanitizer run-time into $f"
done
subst g HARDEN_LDFLAGS | grep -q -- '-Wc,-fsanitize-undefined-trap-on-error' ||
	fail "gcc: the trap flag is not passed through libtool: $(subst g HARDEN_LDFLAGS)"
# The strict flags reached the binaries: gcc records them in the DWARF
# producer (-g), which harden-audit reads.
make -s -C "$HARDEN_SRCDIR/tools" O="$HARDEN_TMPDIR/audit" >audit-build.out 2>&1 ||
	fail "harden-audit does not build: $(tail -n 5 audit-build.out)"
"$HARDEN_TMPDIR/audit/harden-audit" -q --expect \
	stack-clash-protection,auto-var-init,zero-call-used-regs,wrapv,no-delete-null-pointer-checks,no-strict-aliasing,trap-bounds \
	g/.libs/tally g/.libs/libtally.so 2>audit.err || fail "gcc: strict flags missing from the binaries: $(cat audit.err)"

autotools_example c --enable-hardening=strict CC=clang || fail "clang: configure failed"
subst c HARDEN_CFLAGS | grep -q -- '-ftrivial-auto-var-init=zero -enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang' ||
	fail "clang 14: no enabler for auto-var-init"
(cd c && make -j2 >make.out 2>&1) || fail "clang: make failed: $(tail -n 5 c/make.out)"

# clang-19 is not built: what configure decided (tests/autoconf/small).
autotools_small n --enable-hardening=strict CC=clang-19 || fail "clang-19: configure failed"
echo " $(subst n HARDEN_ENABLED) " | grep -q ' strict-flex-arrays=3 ' || fail "clang-19: strict-flex-arrays not on"
subst n HARDEN_CFLAGS | grep -q -- -enable-trivial && fail "clang-19: enabler flag used"
echo " $(subst n HARDEN_ENABLED) " | grep -q ' auto-var-init=zero ' || fail "clang-19: auto-var-init not on"
subst n HARDEN_CFLAGS | grep -q -- '-fsanitize=bounds -fsanitize-trap=bounds' || fail "clang-19: trap-bounds not on"
echo ok
