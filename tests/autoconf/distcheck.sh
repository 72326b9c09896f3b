# make distcheck passes for examples/autotools: configure registers the
# reports it writes (harden-report.txt, and harden-report-cxx.txt with the
# C++ programs) in DISTCLEANFILES, so make distclean removes them.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need gcc g++ make
# The run's build of the example, configured with --enable-cxx
# (tests/autoconf/lib.sh), copied: distcheck and distclean change it.
example_gcc_built
cp -pR "$EX" ex || exit 99
for r in harden-report.txt harden-report-cxx.txt; do
	[ -f "ex/$r" ] || fail "configure wrote no $r"
	grep -q "^DISTCLEANFILES = .*$r" ex/Makefile || fail "$r is not in DISTCLEANFILES"
done
# (distcheck's own build is C only: the C++ probes would double its time.
# Its configure reads the site cache of the example's, which holds the
# checks of Autoconf, Automake and Libtool, not harden's: tests/lib.sh.)
site=
[ -s "$EX.site" ] && site=$EX.site
(cd ex && CONFIG_SITE=$site make distcheck DISTCHECK_CONFIGURE_FLAGS="CC=gcc CXX=g++" >distcheck.log 2>&1) ||
	fail "make distcheck failed: $(grep -A3 ERROR ex/distcheck.log | head -n 5)$(tail -n 3 ex/distcheck.log)"
grep -q 'archives ready for distribution' ex/distcheck.log || fail "make distcheck made no archive"
grep -q '^PASS: tests/count.sh' ex/distcheck.log || fail "distcheck did not run the tests"
(cd ex && make distclean >distclean.log 2>&1) || fail "make distclean failed"
for r in harden-report.txt harden-report-cxx.txt; do
	[ ! -e "ex/$r" ] || fail "make distclean left $r"
done
echo ok
