#!/bin/sh
# The C++ probe's errors are its own and stop configuration: an explicit
# request C++ cannot meet (-Dharden:fortify_source=3 with cpp_args=-O0,
# while C is at -O3) names C++ after both reports are written; a C++
# compiler that cannot build the probe stops with the driver's "cannot run",
# named C++, never "no hardening".
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++
meson_parent_cxx_with_copy "$T/p"
CC=gcc CXX=g++ meson setup "$T/b" "$T/p" --buildtype=release -Dharden:fortify_source=3 -Dcpp_args=-O0 >"$T/b.log" 2>&1 &&
	fail "configure succeeded"
grep -q 'ERROR: .*harden: C++: cannot enable fortify-source: needs optimisation (-O1 or more)$' "$T/b.log" ||
	{ tail -n 5 "$T/b.log"; fail "unclear error"; }
report_expect "$(meson_report "$T/b")" fortify-source "on 3"
report_expect "$(meson_report "$T/b" -cxx)" fortify-source "unsupported -"
grep -q '^harden| Message: harden: C++: fortify-source: unsupported ' "$T/b.log" || fail "the C++ states are not shown"
# g++ behind a wrapper that fails every compile of the C++ probe.
cat >"$T/broken-cxx" <<'EOS'
#!/bin/sh
case " $* " in *"/probe.cc "*) echo "broken-cxx: cannot compile" >&2; exit 1 ;; esac
exec g++ "$@"
EOS
chmod +x "$T/broken-cxx"
CC=gcc CXX="$T/broken-cxx" meson setup "$T/c" "$T/p" --buildtype=release >"$T/c.log" 2>&1 && fail "configure with a broken C++ compiler succeeded"
grep -q "ERROR: .*harden: C++: cannot run: .*broken-cxx: cannot compile" "$T/c.log" || { tail -n 5 "$T/c.log"; fail "unclear error"; }
echo ok
