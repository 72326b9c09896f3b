# A feature added to the catalog reaches the Autoconf frontend (option,
# probe, summary) once build-aux/embed-catalog has run; and a flag the linker
# only warns about (GNU ld ignores an unknown -z keyword with a warning)
# is not claimed, while the rest of the batch still gets its features.
. "$HARDEN_SRCDIR/tests/lib.sh"
need cc autoreconf
cp -R "$HARDEN_SRCDIR/catalog" catalog
cp "$HARDEN_SRCDIR/VERSION" . # embed-catalog reads the version from the catalog's ../VERSION
cat >>catalog/features.txt <<'CAT'

feature bogus-link standard - a linker keyword that GNU ld ignores with a warning
value   bogus-link yes elf:relro ld:-Wl,-z,harden-bogus
off     bogus-link ld:-Wl,-z,norelro
CAT
cc -o embed "$HARDEN_SRCDIR/build-aux/embed-catalog.c" || fail "embed-catalog does not build"
# What configure decides: tests/autoconf/small (no Automake nor Libtool),
# autoreconf'd once for the run (tests/lib.sh); its aclocal.m4 includes
# m4/harden.m4, so autoconf alone makes configure with the new one.
autotools_copy "$HARDEN_SRCDIR/tests/autoconf/small" ex
./embed catalog ex/m4/harden.m4 || fail "embed-catalog failed"
(cd ex && autoconf -f >ar.out 2>&1) || fail "autoconf failed: $(tail -n 5 ex/ar.out)"
(cd ex && ./configure --help) | grep -q -- '--enable-bogus-link' || fail "no --enable-bogus-link option"
(cd ex && ./configure >configure.out 2>&1) || fail "configure failed: $(tail -n 3 ex/configure.out)"
grep -q "^  bogus-link  *unsupported  *.*warning: -z harden-bogus ignored" ex/configure.out ||
	fail "bogus-link: $(grep bogus-link ex/configure.out)"
for f in stack-protector fortify-source pie relro bind-now noexecstack; do
	[ "$(summary_state ex $f)" = on ] || fail "$f lost because of the failed batch"
done
grep -q -- harden-bogus ex/Makefile && fail "the ignored flag reached the Makefile"
echo ok
