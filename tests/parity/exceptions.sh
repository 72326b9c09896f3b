# A target's exception gives the same report through the three frontends
# and the command line (issue 33): interp without stack-protector and with
# fortify-source at 2, for the same reason, with gcc and the same builder's
# flags (-g -O2): Autoconf's harden-except-interp.txt (HARDEN_EXCEPT in
# tests/autoconf/except, configured only), Meson's (the option except) and
# CMake's (harden_target EXCEPT) must equal harden-flags --except --reason
# but for runs=.  What each frontend puts on the target's command lines is
# its own test's (tests/*/target-exception.sh, tests/cmake/audit-gate.sh).
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc meson ninja cmake automake
why="reads its own stack, with a plain copy"
unset CPPFLAGS LDFLAGS CXXFLAGS
CC=gcc CFLAGS="-g -O2"
export CC CFLAGS

sh "$S/catalog/harden-flags" --except=stack-protector,fortify-source=2 --reason="$why" >cli.report 2>cli.err ||
	fail "harden-flags: $(cat cli.err)"

autotools_copy "$S/tests/autoconf/except" ac
grep -q "^HARDEN_EXCEPT(\[interp\], \[stack-protector fortify-source=2\], \[$why\])\$" ac/configure.ac ||
	fail "tests/autoconf/except has another exception: $(grep HARDEN_EXCEPT ac/configure.ac)"
(cd ac && ./configure >configure.out 2>&1) || fail "configure failed: $(tail -n 5 ac/configure.out)"
cp ac/harden-except-interp.txt autoconf.report

mkdir -p ms/subprojects && cp "$S/tests/autoconf/except/m.c" ms/ || exit 99
meson_copy_subproject ms/subprojects/harden
cat >ms/meson.build <<'EOF'
project('parent', 'c', meson_version: '>=1.0.0')
harden_exe = dependency('harden-exe', fallback: 'harden')
executable('interp', 'm.c', dependencies: dependency('harden-except-interp-exe'))
EOF
# Meson's own -Wl,--as-needed (b_asneeded) is a builder's flag the others lack.
meson setup msb ms --buildtype=plain -Db_asneeded=false "-Dharden:except=['interp:stack-protector fortify-source=2:$why']" \
	>ms.out 2>&1 || fail "meson setup failed: $(tail -n 5 ms.out)"
cp msb/subprojects/harden/harden-except-interp.txt meson.report

mkdir -p cm && cp "$S/tests/autoconf/except/m.c" cm/ || exit 99
cat >cm/CMakeLists.txt <<EOF
cmake_minimum_required(VERSION 3.18)
project(parity C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(interp m.c)
harden_target(interp EXCEPT stack-protector fortify-source=2 REASON "$why")
EOF
cmake -S cm -B cmb -G Ninja -DCMAKE_BUILD_TYPE= >cm.out 2>&1 || fail "cmake failed: $(tail -n 5 cm.out)"
cp cmb/harden-except-interp.txt cmake.report

report_expect cli.report stack-protector "off -"
report_expect cli.report fortify-source "on 2"
differences=0
for fe in autoconf meson cmake; do
	if ! report_diff cli.report $fe.report >$fe.diff; then
		echo "the command line and $fe differ:"
		cat $fe.diff
		differences=$((differences + 1))
	fi
done
[ "$differences" -eq 0 ] || fail "$differences frontends differ from the command line"
echo ok
