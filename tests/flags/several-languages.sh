# harden-flags with several languages in one run (issue 32): --lang=LANG
# before each language's own arguments, or --lang=c,c++:
# * each language's report is the one a run of that language alone gives,
#   from its own cache entry (the single run afterwards probes nothing),
#   with mixed families (gcc, clang++) and different flags per language;
# * --summary heads each language's lines; --export=make gives each
#   language's variables and HARDEN_ALL_* (and --agreed the same lines
#   for programs), what they agree on: the
#   features with the same flags in both, and a C++ feature whose flags
#   are only macros (-D_GLIBCXX_ASSERTIONS); enabled and audit_expect the
#   words both have;
# * a request one language cannot meet: exit 1, the outputs still
#   written, the machine line marked with that language alone;
#   --export=keys (each report's keys, states and details, the error of
#   that language, the agreed set) and --write-report (each report);
# * --agreed over two reports (--amend) probes nothing; --agreed=same
#   agrees only on the same flags;
# * a language that cannot run, no scratch directory, no readelf: exit 3,
#   no outputs, each message marked with its language;
# * usage errors: a language's option before the first --lang, an output
#   after it, an output of one language, a language twice.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
need clang++
H="$S/catalog/harden-flags"
unset CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS

# C at -O2 with gcc, C++ at -O0 with clang++: fortify-source is C's alone.
sh "$H" --report --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache \
	--lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache >both.report 2>err ||
	fail "the run of both: $(cat err)"
[ -s err ] && fail "messages: $(cat err)"
[ "$(grep -c '^version=' both.report)" = 2 ] || fail "not two reports: $(grep -c '^version=' both.report)"
awk '/^version=/ { n++ } n == 1' both.report >c.report
awk '/^version=/ { n++ } n == 2' both.report >cxx.report
sh "$H" --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache --report >c.alone || fail "C alone"
sh "$H" --lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache --report >cxx.alone || fail "C++ alone"
for l in c cxx; do
	[ "$(report_key $l.alone runs)" = 0 ] || fail "$l alone probed again: runs=$(report_key $l.alone runs)"
	report_diff $l.report $l.alone >/dev/null || fail "$l's report differs: $(report_diff $l.report $l.alone)"
done
grep -q '^traits=.* lang=c++' cxx.report || fail "the second report is not C++'s"
report_expect c.report fortify-source "on 3"
report_expect cxx.report fortify-source "unsupported -"
report_expect cxx.report stdlib-hardening "on assertions"

sh "$H" --summary --export=make --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache \
	--lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache >out || fail "--summary --export=make"
sed -n '/^C:$/,/^C++:$/p' out | grep -q '^  fortify-source  *on  *3: ' || fail "C's summary: $(cat out)"
sed -n '/^C++:$/,$p' out | grep -q '^  fortify-source  *unsupported ' || fail "C++'s summary: $(cat out)"
mk() { sed -n "s/^HARDEN_$1 = //p" out; }
[ "$(mk CFLAGS)" = "$(report_key c.report cflags)" ] || fail "HARDEN_CFLAGS: $(mk CFLAGS)"
[ "$(mk CXX_CPPFLAGS)" = "$(report_key cxx.report cppflags)" ] || fail "HARDEN_CXX_CPPFLAGS: $(mk CXX_CPPFLAGS)"
[ "$(mk ALL_CPPFLAGS)" = "-D_GLIBCXX_ASSERTIONS" ] || fail "HARDEN_ALL_CPPFLAGS: $(mk ALL_CPPFLAGS)"
[ "$(mk ALL_CFLAGS)" = "$(report_key c.report cflags)" ] &&
	[ "$(report_key c.report cflags)" = "$(report_key cxx.report cflags)" ] ||
	fail "HARDEN_ALL_CFLAGS: $(mk ALL_CFLAGS) (C: $(report_key c.report cflags))"
[ "$(mk ALL_EXE_LDFLAGS)" = -pie ] || fail "HARDEN_ALL_EXE_LDFLAGS: $(mk ALL_EXE_LDFLAGS)"
case " $(mk ALL_ENABLED) " in
*" fortify-source="*|*" stdlib-hardening="*) fail "HARDEN_ALL_ENABLED: $(mk ALL_ENABLED)" ;;
*" stack-protector=strong "*) ;;
*) fail "HARDEN_ALL_ENABLED: $(mk ALL_ENABLED)" ;;
esac
[ "$(mk ALL_AUDIT_EXPECT)" = "$(report_key cxx.report audit_expect)" ] ||
	fail "HARDEN_ALL_AUDIT_EXPECT: $(mk ALL_AUDIT_EXPECT) (C++: $(report_key cxx.report audit_expect))"

# --agreed: the same as HARDEN_ALL_*, as KEY=VALUE lines after agreed=c c++.
sh "$H" --agreed --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache \
	--lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache >agreed || fail "--agreed"
[ "$(sed -n 1p agreed)" = "agreed=c c++" ] || fail "--agreed: $(cat agreed)"
for k in cppflags:CPPFLAGS cflags:CFLAGS exe_cflags:EXE_CFLAGS ldflags:LDFLAGS exe_ldflags:EXE_LDFLAGS \
	lib_ldflags:LIB_LDFLAGS enabled:ENABLED audit_expect:AUDIT_EXPECT; do
	[ "$(report_key agreed ${k%:*})" = "$(mk ALL_${k#*:})" ] || fail "--agreed ${k%:*}: $(report_key agreed ${k%:*})"
done

# --agreed over reports already made (--amend after each --lang) probes
# nothing (no compiler is run) and agrees the same; --agreed=same leaves
# out the C++ feature of macros only (Autoconf's HARDEN_CPPFLAGS).
CC=./no-such-compiler CXX=./no-such-compiler sh "$H" --agreed --lang=c --amend=c.report \
	--lang=c++ --amend=cxx.report >amended 2>err || fail "--agreed over two reports: $(cat err)"
cmp -s agreed amended || fail "--agreed over two reports differs: $(diff agreed amended)"
sh "$H" --agreed=same --lang=c --amend=c.report --lang=c++ --amend=cxx.report >same ||
	fail "--agreed=same"
[ "$(report_key same cppflags)" = "" ] || fail "--agreed=same cppflags: $(report_key same cppflags)"
case ,$(report_key same features), in
*,stdlib-hardening,*) fail "--agreed=same agrees on stdlib-hardening" ;;
*,stack-protector,*) ;;
*) fail "--agreed=same features: $(report_key same features)" ;;
esac
usage_same=$(sh "$H" --agreed=all 2>&1) && fail "--agreed=all exits 0"
case $usage_same in *"invalid value 'all' for --agreed"*) ;; *) fail "--agreed=all: $usage_same" ;; esac

# A request C++ cannot meet at -O0; the reports are still written.
sh "$H" --errors=machine --enable-fortify-source --report --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache \
	--lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache >unmet.out 2>err && fail "an unmet request exits 0"
[ $? = 1 ] || fail "an unmet request: exit status not 1: $(cat err)"
[ "$(grep -c '^version=' unmet.out)" = 2 ] || fail "no reports after an unmet request"
grep -qx 'harden-flags: c++: error=fortify-source .*' err && ! grep -q ' c: ' err || fail "messages: $(cat err)"
# --export=keys, for a frontend that reads no report (Meson), and
# --write-report: the same run, exit 1, each language's report on disk.
sh "$H" --enable-fortify-source --export=keys --lang=c CC=gcc CFLAGS=-O2 --cache=c.cache --write-report=c.written \
	--lang=c++ CXX=clang++ CXXFLAGS=-O0 --cache=cxx.cache --write-report=cxx.written >keys 2>err && fail "--export=keys exits 0"
[ $? = 1 ] || fail "--export=keys: exit status not 1: $(cat err)"
key() { sed -n "s/^$1=//p" keys; }
[ "$(key 'c++\.error')" = "cannot enable fortify-source: needs optimisation (-O1 or more)" ] && [ -z "$(key 'c\.error')" ] &&
	[ "$(key 'c++\.error_feature')" = fortify-source ] ||
	fail "--export=keys errors: $(grep error keys)"
[ "$(key 'c\.cflags')" = "$(report_key c.report cflags)" ] && [ "$(key 'c++\.state\.fortify-source')" = unsupported ] &&
	[ "$(key 'c\.detail\.fortify-source')" = "$(sed -n 's/^detail fortify-source //p' c.report)" ] ||
	fail "--export=keys, one language's: $(grep -e cflags -e fortify keys)"
[ "$(key 'all\.cppflags')" = -D_GLIBCXX_ASSERTIONS ] && [ "$(key 'all\.features')" = "$(report_key agreed features)" ] ||
	fail "--export=keys, the agreed: $(grep '^all' keys)"
case $(key features) in stack-protector,fortify-source,*,nodlopen) ;; *) fail "features=$(key features)" ;; esac
for l in c cxx; do
	report_diff $l.report $l.written >/dev/null || fail "--write-report $l: $(report_diff $l.report $l.written)"
done

# A language that cannot run, with --lang=c,c++.
CC=gcc CXX=./no-such-compiler sh "$H" --lang=c,c++ --report >none.out 2>err && fail "no compiler: exit 0"
[ $? = 3 ] || fail "no compiler: exit status not 3: $(cat err)"
[ -s none.out ] && fail "outputs of a run that cannot run: $(cat none.out)"
grep -q '^harden-flags: c++: cannot run: ' err || fail "no compiler: $(cat err)"

# No scratch directory for the run (a TMPDIR that is not there), and no
# readelf for either language (uncached): exit 3 and no outputs, never a
# report of fewer features; readelf's message marked with each language.
TMPDIR=/nonexistent/tmp sh "$H" --lang=c,c++ --report >none.out 2>err && fail "no TMPDIR: exit 0"
[ $? = 3 ] && [ ! -s none.out ] && grep -q 'cannot create a scratch directory' err || fail "no TMPDIR: $(cat err)"
READELF=./no-such-readelf sh "$H" --report --lang=c CC=gcc --lang=c++ CXX=g++ >none.out 2>err &&
	fail "no readelf: exit 0"
[ $? = 3 ] && [ ! -s none.out ] || fail "no readelf: $(cat err)"
for l in c c++; do
	grep -q "^harden-flags: $l: cannot run: no readelf: " err || fail "no readelf for $l: $(cat err)"
done

# Usage errors: exit 2 and what to do.
usage() {
	want=$1
	shift
	sh "$H" "$@" >/dev/null 2>err && fail "$* exits 0"
	[ $? = 2 ] && grep -q -- "$want" err || fail "$*: $(cat err)"
}
usage "give it after that language's --lang" --cache=x.cache --lang=c,c++
usage "give it before the first --lang" --lang=c --report --lang=c++
usage "use --report, --summary" --cflags --lang=c,c++
usage "given twice" --lang=c --lang=c
usage "no other --lang" --lang=c,c++ --lang=c
usage "invalid value 'f77' for --lang" --lang=c,f77
echo "ok"
