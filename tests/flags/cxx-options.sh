# The language options: --lang=c++ takes CXX and CXXFLAGS (environment or
# VAR=VALUE), prints HARDEN_CXX* variables and the --cxx* outputs, refuses
# the outputs of C and an unknown language with the valid values, keeps a
# cache entry of its own, takes C++-only requests in a C run as not its
# own, and quotes the compiler's error, not its context
# lines ("In file included from", "    from"), when nothing builds.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
H="$S/catalog/harden-flags"
sh "$H" --lang=fortran >out 2>err && fail "--lang=fortran accepted"
[ $? -eq 2 ] || fail "--lang=fortran: not exit 2"
[ "$(head -n 1 err)" = "harden-flags: invalid value 'fortran' for --lang: use c or c++" ] || fail "message: $(cat err)"
sh "$H" --lang=c++ --cflags >out 2>err && fail "--cflags accepted with --lang=c++"
grep -q "^harden-flags: --cflags is not an output of --lang=c++" err || fail "message: $(cat err)"
sh "$H" --cxxflags >out 2>err && fail "--cxxflags accepted with --lang=c"
sh "$H" --lang=c++ CXX=g++ CXXFLAGS=-O2 --cache=c --export=sh --cxxflags --cxx-ldflags >sh.out || fail "--export=sh failed"
grep -q "^HARDEN_CXXFLAGS='-fstack-protector-strong .*'; export HARDEN_CXXFLAGS$" sh.out || fail "$(cat sh.out)"
grep -q "^HARDEN_CXX_CPPFLAGS='.*-D_GLIBCXX_ASSERTIONS'; export HARDEN_CXX_CPPFLAGS$" sh.out || fail "$(cat sh.out)"
grep -q "^HARDEN_EXE_CXX_LDFLAGS='-pie'; export HARDEN_EXE_CXX_LDFLAGS$" sh.out || fail "$(cat sh.out)"
grep -q '^HARDEN_CFLAGS' sh.out && fail "C variables from a C++ run"
[ "$(tail -n 1 sh.out)" = "-fstack-protector-strong -fstack-clash-protection -fcf-protection=full -Wformat -Werror=format-security -fstack-protector-strong -Wl,-z,relro -Wl,-z,now -Wl,-z,noexecstack -Wl,--as-needed -Wl,--no-copy-dt-needed-entries" ] ||
	fail "--cxxflags --cxx-ldflags: $(tail -n 1 sh.out)"
# The same cache file for C: another entry, probed.
CC=gcc CFLAGS=-O2 sh "$H" --cache=c >c.report || fail "C failed"
[ "$(report_key c.report runs)" -gt 0 ] || fail "C answered from the C++ entry"
report_expect c.report stdlib-hardening "unsupported -"
# One set of requests serves both languages: a C run takes a request of a
# C++-only feature as not its own, and so do the builder's C++ macros in
# CFLAGS (Fedora's CFLAGS carry -Wp,-D_GLIBCXX_ASSERTIONS).
for req in --enable-stdlib-hardening --enable-stdlib-hardening=fast --disable-stdlib-hardening; do
	CC=gcc CFLAGS="-O2 -Wp,-D_GLIBCXX_ASSERTIONS" sh "$H" $req >r 2>err || fail "C with $req: $(cat err)"
	case $req in
	--disable-*) want="off - disabled; C++ only (language is C)" ;;
	*) want="unsupported - C++ only (language is C)" ;;
	esac
	grep -qx "feature stdlib-hardening $want" r || fail "C with $req: $(grep '^feature stdlib' r)"
done
# A compiler that cannot build: its error, not the context around it.
cat >broken <<'EOF2'
#!/bin/sh
echo "In file included from /usr/include/x.h:1," >&2
echo "                 from probe.cc:8:" >&2
echo "probe.cc:74:25: error: invalid conversion from 'void*' to 'char*' [-fpermissive]" >&2
exit 1
EOF2
chmod +x broken
CXX="$T/broken" sh "$H" --lang=c++ >out 2>err && fail "a broken compiler passed"
[ "$(cat err)" = "harden-flags: cannot run: $T/broken cannot preprocess with the builder's flags: probe.cc:74:25: error: invalid conversion from 'void*' to 'char*' [-fpermissive]" ] ||
	fail "message: $(cat err)"
echo ok
