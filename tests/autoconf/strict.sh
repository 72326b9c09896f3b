# The strict level adds the strict features each compiler can prove
# (trap-bounds with each compiler's spelling, and no UBSan run-time library):
# gcc 12 has no -fstrict-flex-arrays, clang 19 has it; clang 14 needs the
# auto-var-init enabler flag, clang 19 rejects it.  What configure decided,
# on tests/autoconf/small: tests/matrix builds the example at the strict
# level with the Autoconf frontend for gcc (cxx-gcc) and clang (cxx-clang,
# clang-19) and proves every strict flag in the program and the library
# (DW_AT_producer) and that trap-bounds needs no sanitizer run-time.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang clang-19
# LIBTOOL as LT_INIT sets it: configure then passes the compile flags that
# libtool would drop from a library's link line as -Wc, (below).
autotools_small g --enable-hardening=strict LIBTOOL='$(SHELL) $(top_builddir)/libtool' || fail "gcc: configure failed"
for f in auto-var-init=zero zero-call-used-regs=used-gpr wrapv=yes no-delete-null-pointer-checks=yes no-strict-aliasing=yes trap-bounds=yes; do
	echo " $(subst g HARDEN_ENABLED) " | grep -q " $f " || fail "gcc: $f not on: $(subst g HARDEN_ENABLED)"
done
[ "$(summary_state g strict-flex-arrays)" = unsupported ] || fail "gcc 12: strict-flex-arrays claimed"
subst g HARDEN_CFLAGS | grep -q -- '-fsanitize=bounds -fsanitize-undefined-trap-on-error' ||
	fail "gcc 12: trap-bounds without the gcc < 13 spelling"
# libtool drops -fsanitize-undefined-trap-on-error from a library's link
# line unless it is passed as -Wc, (and the library would then need libubsan).
subst g HARDEN_LDFLAGS | grep -q -- '-Wc,-fsanitize-undefined-trap-on-error' ||
	fail "gcc: the trap flag is not passed through libtool: $(subst g HARDEN_LDFLAGS)"

autotools_small c --enable-hardening=strict CC=clang || fail "clang: configure failed"
subst c HARDEN_CFLAGS | grep -q -- '-ftrivial-auto-var-init=zero -enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang' ||
	fail "clang 14: no enabler for auto-var-init"

autotools_small n --enable-hardening=strict CC=clang-19 || fail "clang-19: configure failed"
echo " $(subst n HARDEN_ENABLED) " | grep -q ' strict-flex-arrays=3 ' || fail "clang-19: strict-flex-arrays not on"
subst n HARDEN_CFLAGS | grep -q -- -enable-trivial && fail "clang-19: enabler flag used"
echo " $(subst n HARDEN_ENABLED) " | grep -q ' auto-var-init=zero ' || fail "clang-19: auto-var-init not on"
subst n HARDEN_CFLAGS | grep -q -- '-fsanitize=bounds -fsanitize-trap=bounds' || fail "clang-19: trap-bounds not on"
echo ok
