# The cache key covers the catalog and the driver: after an upgrade of
# harden.m4, ./configure -C does not reuse results proven with the old one.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc cc
autotools_small ex -C || fail "configure failed: $(tail -n 3 ex/configure.out)"
grep -q '^harden_cv_toolchain=' ex/config.cache || fail "no harden_cv_toolchain in config.cache"
# A newer harden.m4: the same catalog with one more comment line.
mkdir cat && cp "$S"/catalog/* cat/ && echo '# upgraded' >>cat/features.txt
cp "$S/VERSION" . # embed-catalog reads the version from the catalog's ../VERSION
cc -o embed "$S/build-aux/embed-catalog.c" && cp "$S/m4/harden.m4" new.m4 &&
	./embed cat new.m4 || fail "cannot make the upgraded harden.m4"
# aclocal.m4 includes m4/harden.m4: autoconf alone makes configure again.
cp new.m4 ex/m4/harden.m4 && (cd ex && autoconf -f >ar.out 2>&1) || fail "autoconf failed: $(tail -n 5 ex/ar.out)"
(cd ex && ./configure -C >second.out 2>&1) || fail "second configure failed"
grep -q 'cached hardening results belong to another toolchain' ex/second.out ||
	fail "results of the old catalog were reused"
grep -q 'checking for stack-protector... (cached)' ex/second.out && fail "stack-protector came from the old cache"
grep -q "^configure: harden-flags: $standard_runs compiler runs\$" ex/config.log || fail "the upgraded catalog was not probed"
echo ok
