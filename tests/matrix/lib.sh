# Shared helpers of the toolchain matrix (sourced by tests/matrix/NAME.sh,
# one script per toolchain; not a test itself).
#
# A toolchain script, tests/matrix/NAME.sh (NAME is the toolchain's name in
# the table), sets mx_cc (the compiler command), mx_ldflags (e.g.
# -fuse-ld=lld) or mx_host (a cross triplet, for which configure --host, a
# Meson cross file and a CMake toolchain file are used), and calls
# matrix_run.  matrix_run builds the example
# (libtally and tally) with the frontends of mx_build (default: make, the
# plain Makefile and harden-flags, the cheapest path) and configures it
# with the others of the four, Autoconf (its configure.ac without Automake
# and Libtool: tests/autoconf/small), Meson and CMake, with -O2 -g and the
# compiler's switch recording (-grecord-gcc-switches, -grecord-command-line)
# in the builder's CFLAGS.  make builds at the standard and the strict
# level; the other frontends at the strict level only (mx_level_frontends):
# every standard feature is probed and placed the same at both levels (the
# standard report is the strict one with the strict features "not in level
# standard"), so the strict run holds every feature's claim and placement,
# and tests/parity/frontends.sh compares the four at the standard level.
# The toolchains where the frontends' own paths differ build with all four
# (mx_build="$MX_FRONTENDS"): native gcc and clang (C and C++), the aarch64
# cross compiler (--host, cross file, toolchain file), mingw (PE, the
# Libtool DLL, Wine) and tcc.  Then:
#   * the four reports must be the same but for runs= (as in the parity test);
#   * every feature that a report says is on (or builder and present) must be
#     proven on the program AND the library, by harden-audit --expect with the
#     report's audit_expect and by an independent reading of the binaries
#     (readelf and objdump for ELF, the target's objdump -p for PE; see
#     mx_prove); any claim that is not proven is a false claim and fails;
#   * an unsupported feature needs a reason;
#   * the program runs (natively, under qemu-user for aarch64, under Wine
#     for Windows: with libssp-0.dll, and not without it when it imports it).
# A C++ toolchain script (tests/matrix/cxx-NAME.sh) also sets mx_cxx (the
# C++ compiler; mx_cxxflags_extra, e.g. -stdlib=libc++, joins its CXXFLAGS):
# the frontends then build the example's C++ programs too (words: C++ only;
# tallyxx: C++ with the C object of tally.c), each frontend's C++ report
# (harden-report-cxx.txt) must be the same, its claims are proven on words
# and tallyxx as those of C on tally and libtally, stdlib-hardening by words
# reading out of range (it must abort or trap, and not without the
# feature's flags), and the results are the C++ report's.  With mx_c_name
# (cxx-gcc: gcc), the C report's results are also that C toolchain's
# (mx_c_name.results): its own script would build the same C again.
# nodlopen, in no level, is requested in the strict builds (every frontend,
# both languages) when the driver can honour it for this toolchain
# (mx_nodlopen_gate); proven on the library (FLAGS_1 NOOPEN) and never on
# a program; when not on, no file has it; when the driver refuses it, the
# strict results say unsupported with the driver's reason.
# A result's proofs are those of every frontend that built (the oracle:
# tests/matrix/prove).
# Its findings go to $HARDEN_RESULTS/NAME.results (tests/run sets
# HARDEN_RESULTS for the whole run), which tests/matrix/zz-table.sh turns
# into the table of README.md.  Two jobs run at a time (2 cores): Autoconf
# and the standard Makefile, Meson, CMake and the strict Makefile.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/matrix/prove"

mx_name=$(basename "$0" .sh)
MX_FRONTENDS="autoconf meson cmake make"
mx_build=make
MX_LEVELS="standard strict"
# mx_level_frontends LEVEL: the frontends that run at LEVEL.
mx_level_frontends() { if [ "$1" = strict ]; then echo "$MX_FRONTENDS"; else echo make; fi; }

# mx_problem FILE TEXT: one more problem (a line of FILE).
mx_problem() { printf '%s\n' "$2" >>"$1"; }

# mx_errors LOG: the first error messages of a failed build or configure,
# on one line, without the commands (-Werror=... is no message) and the
# scratch directory.
mx_errors() {
	grep -E 'error:|ERROR:|undefined reference|cannot find|not found|Error [0-9]' "$1" | grep -v -e '^\[[0-9]*/[0-9]*\]' -e '^  [a-z-]*  ' |
		sed "s|$T/||g" | head -n 4 | tr '\n' ' '
}

# mx_audit_tool: builds tools/harden-audit outside the source tree (once per
# run: make rebuilds it only when its sources changed; under a lock, since
# the matrix scripts run at the same time) as MX_AUDIT.
mx_audit_tool() {
	MX_AUDIT=${HARDEN_RESULTS:-$T}/bin/harden-audit
	mkdir -p "${MX_AUDIT%/*}" || exit 99
	flock "${MX_AUDIT%/*}/.lock" make -s -C "$S/tools" O="${MX_AUDIT%/*}" "$MX_AUDIT" >"$T/harden-audit.make.log" 2>&1 ||
		fail "cannot build harden-audit: $(tail -n 5 "$T/harden-audit.make.log")"
}

# mx_first FILE...: the first of FILE... that is an ELF or PE file (not a
# libtool wrapper script), symbolic links resolved.
mx_first() {
	for _f in "$@"; do
		[ -f "$_f" ] || continue
		[ "$(mx_format "$_f")" = '?' ] && continue
		readlink -f "$_f"
		return 0
	done
	return 1
}

# mx_nodlopen_gate: mx_nodlopen=yes when the driver honours a request of
# nodlopen (in no level) for this toolchain, in each of its languages
# (--level=none: that feature alone); else mx_nodlopen is empty and
# mx_nodlopen_why is the driver's reason: every frontend would stop on
# the request, so the strict builds go without it.
mx_nodlopen_gate() {
	mx_nodlopen=yes mx_nodlopen_why=
	mkdir -p "$T/nodlopen-gate" || exit 99
	for _lang in c ${mx_cxx:+c++}; do
		if [ "$_lang" = c ]; then
			set -- CC="${mx_cc:-$mx_host-gcc}" CFLAGS="$mx_cflags"
		else
			set -- CXX="$mx_cxx" CXXFLAGS="$mx_cxxflags"
		fi
		_r=$T/nodlopen-gate/$_lang.report
		(cd "$T/nodlopen-gate" && env CPPFLAGS= LDFLAGS="$mx_ldflags" READELF="$(mx_readelf)" OBJDUMP="$(mx_objdump)" "$@" \
			sh "$S/catalog/harden-flags" --lang="$_lang" --level=none --enable-nodlopen --report) >"$_r" 2>"$_r.err"
		case $? in
		0) [ "$(report_state "$_r" nodlopen)" = on ] || fail "harden-flags --lang=$_lang --enable-nodlopen: exit 0, nodlopen $(report_state "$_r" nodlopen)" ;;
		1)	_why=$(report_reason "$_r" nodlopen)
			case $(report_state "$_r" nodlopen):$_why in
			unsupported:-|unsupported:) fail "harden-flags --lang=$_lang --enable-nodlopen: unsupported without a reason" ;;
			unsupported:*) mx_nodlopen='' mx_nodlopen_why=$_why ;;
			*) fail "harden-flags --lang=$_lang --enable-nodlopen refused, nodlopen not unsupported: $(cat "$_r.err")" ;;
			esac ;;
		*) fail "harden-flags --lang=$_lang --enable-nodlopen failed: $(cat "$_r.err")" ;;
		esac
	done
}

# mx_request FRONTEND LEVEL: the frontend's arguments that request
# nodlopen, at the strict level when the toolchain can honour it.
mx_request() {
	[ "$2" = strict ] && [ -n "$mx_nodlopen" ] || return 0
	case $1 in
	autoconf|make) echo --enable-nodlopen ;;
	meson) echo -Dharden:nodlopen=enabled ;;
	cmake) echo -DHARDENING_NODLOPEN=ON ;;
	esac
}

# ---------------------------------------------------------------------------
# The frontends: mx_FRONTEND LEVEL DIR builds the example in DIR and leaves
# DIR.report (its harden-report.txt), DIR.build (the verbose build log),
# DIR.prog and DIR.lib (the paths of the program and the library); on a
# failure it writes the problem to DIR.problems and returns 1.


# mx_autoconf_configure LEVEL DIR: configure only (the small project: the
# example's options and HARDEN_CHECK), DIR.report and with mx_cxx DIR.xreport.
mx_autoconf_configure() {
	_l=$1 _d=$2
	# shellcheck disable=SC2046 # the request, the C++ arguments
	(autotools_small "$_d" CC="$mx_cc" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" --enable-hardening="$_l" \
		$(mx_request autoconf "$_l") ${mx_cxx:+--enable-cxx "CXX=$mx_cxx" "CXXFLAGS=$mx_cxxflags"}) >"$_d.example" 2>&1 ||
		{ mx_problem "$_d.problems" "configure failed: $(tail -n 3 "$_d/configure.out" 2>/dev/null | tr '\n' ' ')"; return 1; }
	mx_reports "$_d" "$_d/harden-report.txt" "$_d/harden-report-cxx.txt"
}

# mx_reports DIR REPORT XREPORT: DIR.report, and with mx_cxx DIR.xreport,
# copies of a configure-only frontend's reports.
mx_reports() {
	[ "$2" = "$1.report" ] || cp "$2" "$1.report" 2>/dev/null || { mx_problem "$1.problems" "no harden report ($2)"; return 1; }
	[ -z "$mx_cxx" ] || cp "$3" "$1.xreport" 2>/dev/null || { mx_problem "$1.problems" "no C++ report ($3)"; return 1; }
}

mx_autoconf() {
	_l=$1 _d=$2
	# In a subshell: autotools_example fails the whole script when
	# autoreconf fails, and the next frontend must still run.
	if [ -n "$mx_host" ]; then
		# shellcheck disable=SC2046 # the request
		(autotools_example "$_d" --host="$mx_host" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" --enable-hardening="$_l" \
			$(mx_request autoconf "$_l") HARDEN_AUDIT="$MX_AUDIT")
	else
		# shellcheck disable=SC2046 # the request, the C++ arguments
		(autotools_example "$_d" CC="$mx_cc" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" --enable-hardening="$_l" \
			$(mx_request autoconf "$_l") ${mx_cxx:+--enable-cxx "CXX=$mx_cxx" "CXXFLAGS=$mx_cxxflags"})
	fi >"$_d.example" 2>&1 || {
		if [ -f "$_d/configure.out" ]; then
			mx_problem "$_d.problems" "configure failed: $(tail -n 3 "$_d/configure.out" | tr '\n' ' ')"
		else
			mx_problem "$_d.problems" "$(tr '\n' ' ' <"$_d.example")"
		fi
		return 1
	}
	cp "$_d/harden-report.txt" "$_d.report" || { mx_problem "$_d.problems" "configure wrote no harden-report.txt"; return 1; }
	(cd "$_d" && make -j2 V=1) >"$_d.build" 2>&1 ||
		{ mx_problem "$_d.problems" "make failed: $(mx_errors "$_d.build")"; return 1; }
	mx_first "$_d/.libs/tally" "$_d/.libs/tally.exe" "$_d/tally" "$_d/tally.exe" >"$_d.prog" ||
		{ mx_problem "$_d.problems" "no program built (.libs/tally, tally.exe): $(ls "$_d" "$_d/.libs" 2>&1 | tr '\n' ' ')"; return 1; }
	mx_first "$_d/.libs/libtally.so" "$_d"/.libs/libtally*.dll >"$_d.lib" ||
		{ mx_problem "$_d.problems" "no shared library built (.libs/libtally.so, .libs/libtally*.dll): .libs has $(ls "$_d/.libs" 2>&1 | tr '\n' ' ')"; return 1; }
	case $mx_host in *mingw32) mx_make_check_wine "$_d" ;; esac
	mx_cxx_outputs "$_d" "$_d" "$_d/harden-report-cxx.txt"
}

# mx_cxx_outputs DIR BUILDDIR REPORT: with mx_cxx, DIR.xreport (a copy of
# REPORT, the C++ report) and DIR.words, DIR.tallyxx (the C++ programs
# built in BUILDDIR).
mx_cxx_outputs() {
	[ -n "$mx_cxx" ] || return 0
	cp "$3" "$1.xreport" 2>/dev/null || { mx_problem "$1.problems" "no C++ report ($3)"; return 1; }
	for _p in words tallyxx; do
		mx_first "$2/.libs/$_p" "$2/$_p" >"$1.$_p" ||
			{ mx_problem "$1.problems" "no $_p built in $2"; return 1; }
	done
}

# Meson's own -Wl,--as-needed (b_asneeded) would make as-needed Meson's
# (tests/meson/standard.sh): off, so that the builder's flags are the
# other frontends'.
mx_meson() {
	_l=$1 _d=$2
	if [ -n "$mx_host" ]; then
		mx_meson_cross_file >"$_d.ini"
		env -u CC -u CFLAGS -u LDFLAGS meson setup "$_d" "$S/examples/meson" --buildtype=plain -Db_asneeded=false \
			--cross-file "$_d.ini" -Dharden:hardening="$_l" $(mx_request meson "$_l") >"$_d.setup" 2>&1
	else
		env CC="${mx_meson_cc:-$mx_cc}" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" ${mx_cxx:+CXX="$mx_cxx" CXXFLAGS="$mx_cxxflags"} \
			meson setup "$_d" "$S/examples/meson" --buildtype=plain -Db_asneeded=false -Dharden:hardening="$_l" \
			$(mx_request meson "$_l") ${mx_cxx:+-Dcxx=true} >"$_d.setup" 2>&1
	fi || { mx_problem "$_d.problems" "meson setup failed: $(mx_errors "$_d.setup")"; return 1; }
	for _r in "$_d"/subprojects/harden/harden-report.txt "$_d"/subprojects/harden-*/harden-report.txt; do
		[ -f "$_r" ] && cp "$_r" "$_d.report" && break
	done
	[ -f "$_d.report" ] || { mx_problem "$_d.problems" "no harden-report.txt in $_d/subprojects"; return 1; }
	[ "${3-}" = configure ] && { mx_reports "$_d" "$_d.report" "$(ls "$_d"/subprojects/harden*/harden-report-cxx.txt 2>/dev/null | head -n 1)"; return; }
	# Only the example's targets: the subproject's harden-audit is not needed.
	_t=$(ninja -C "$_d" -t targets all | sed -n 's/^\(tally\(\.exe\)\{0,1\}\|words\|tallyxx\|libtally[^/ ]*\.\(so\.[0-9.]*\|dll\)\): .*/\1/p')
	[ -n "$_t" ] || { mx_problem "$_d.problems" "no tally or libtally target in build.ninja"; return 1; }
	# shellcheck disable=SC2086 # target names
	ninja -C "$_d" -v $_t >"$_d.build" 2>&1 ||
		{ mx_problem "$_d.problems" "ninja failed: $(mx_errors "$_d.build")"; return 1; }
	mx_outputs "$_d" || return 1
	case $mx_host in *mingw32) mx_meson_test_wine "$_d" ;; esac
	mx_cxx_outputs "$_d" "$_d" "$(ls "$_d"/subprojects/harden*/harden-report-cxx.txt 2>/dev/null | head -n 1)"
}

# mx_meson_test_wine DIR: meson test in DIR passes, the program run under
# Wine (the cross file's exe_wrapper) and the audit gate run.
mx_meson_test_wine() {
	meson test -C "$1" >"$1.mtest" 2>&1 ||
		{ mx_problem "$1.problems" "meson test under Wine failed: $(grep -e FAIL -e ERROR "$1.mtest" | head -n 4 | tr '\n' ' ')"; return 1; }
	for _t in 'tally reads input.txt' hardening; do
		grep -q " OK .*$_t\| $_t  *OK " "$1.mtest" || mx_problem "$1.problems" "meson test: '$_t' not OK: $(grep "$_t" "$1.mtest")"
	done
	echo "meson: meson test passed, tally under Wine and the audit gate"
}

# mx_outputs DIR: DIR.prog and DIR.lib, the paths of the program and the
# library Meson or CMake built in DIR.
mx_outputs() {
	mx_first "$1/tally" "$1/tally.exe" >"$1.prog" ||
		{ mx_problem "$1.problems" "no program built: $(ls "$1" | tr '\n' ' ')"; return 1; }
	mx_first "$1"/libtally.so.*.*.* "$1"/libtally*.dll >"$1.lib" ||
		{ mx_problem "$1.problems" "no shared library built: $(ls "$1" | tr '\n' ' ')"; return 1; }
}

# mx_meson_cross_file: a cross file for mx_host, with the builder's flags.
mx_meson_cross_file() {
	case $mx_host in
	aarch64-*) _sys=linux _cpu=aarch64 ;;
	x86_64-w64-mingw32) _sys=windows _cpu=x86_64 ;;
	*) fail "no Meson cross file for $mx_host" ;;
	esac
	cat <<EOF
[binaries]
c = '$mx_host-gcc'
ar = '$mx_host-ar'
strip = '$mx_host-strip'
readelf = '$mx_host-readelf'
objdump = '$mx_host-objdump'
windres = '$mx_host-windres'
${mx_exe_wrapper:+exe_wrapper = '$mx_exe_wrapper'}

[built-in options]
c_args = [$(mx_meson_list $mx_cflags)]
c_link_args = [$(mx_meson_list $mx_ldflags)]

[host_machine]
system = '$_sys'
cpu_family = '$_cpu'
cpu = '$_cpu'
endian = 'little'
EOF
}
mx_meson_list() { _s=; for _w in "$@"; do printf "%s'%s'" "$_s" "$_w"; _s=', '; done; }

mx_cmake() {
	_l=$1 _d=$2
	if [ -n "$mx_host" ]; then
		mx_cmake_toolchain_file >"$_d.toolchain.cmake"
		# Windows: the tests and the audit gate run, the programs under Wine.
		case $mx_host in
		*mingw32) set -- -DBUILD_TESTING=ON -DCMAKE_CROSSCOMPILING_EMULATOR="$T/wine-run" -DHARDEN_AUDIT="$MX_AUDIT" ;;
		*) set -- -DBUILD_TESTING=OFF ;;
		esac
		env -u CC CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" cmake -S "$S/examples/cmake" -B "$_d" -G Ninja \
			-DCMAKE_TOOLCHAIN_FILE="$_d.toolchain.cmake" -DCMAKE_BUILD_TYPE= -DHARDENING="$_l" $(mx_request cmake "$_l") "$@"
	else
		env CC="$mx_cc" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" ${mx_cxx:+CXX="$mx_cxx" CXXFLAGS="$mx_cxxflags"} \
			cmake -S "$S/examples/cmake" -B "$_d" -G Ninja \
			-DCMAKE_BUILD_TYPE= -DHARDENING="$_l" $(mx_request cmake "$_l") -DBUILD_TESTING=OFF ${mx_cxx:+-DTALLY_CXX=ON}
	fi >"$_d.setup" 2>&1 ||
		{ mx_problem "$_d.problems" "cmake failed: $(mx_errors "$_d.setup")"; return 1; }
	[ "${3-}" = configure ] && { mx_reports "$_d" "$_d/harden-report.txt" "$_d/harden-report-cxx.txt"; return; }
	cp "$_d/harden-report.txt" "$_d.report" || { mx_problem "$_d.problems" "cmake wrote no harden-report.txt"; return 1; }
	cmake --build "$_d" -v >"$_d.build" 2>&1 ||
		{ mx_problem "$_d.problems" "cmake --build failed: $(mx_errors "$_d.build")"; return 1; }
	mx_outputs "$_d" || return 1
	case $mx_host in *mingw32) mx_ctest_wine "$_d" ;; esac
	mx_cxx_outputs "$_d" "$_d" "$_d/harden-report-cxx.txt"
}

mx_cmake_toolchain_file() {
	case $mx_host in
	aarch64-*) echo 'set(CMAKE_SYSTEM_NAME Linux)'; echo 'set(CMAKE_SYSTEM_PROCESSOR aarch64)' ;;
	x86_64-w64-mingw32) echo 'set(CMAKE_SYSTEM_NAME Windows)'; echo 'set(CMAKE_SYSTEM_PROCESSOR x86_64)'
		echo "set(CMAKE_RC_COMPILER $mx_host-windres)" ;;
	*) fail "no CMake toolchain file for $mx_host" ;;
	esac
	echo "set(CMAKE_C_COMPILER $mx_host-gcc)"
	echo 'set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)'
}

mx_make() {
	_l=$1 _d=$2
	mkdir -p "$_d" && cp -R "$S/examples/make" "$S/examples/autotools" "$_d/" || exit 99
	_cc=${mx_cc:-$mx_host-gcc} _rq=$(mx_request make "$_l")
	(cd "$_d/make" && env READELF="$(mx_readelf)" OBJDUMP="$(mx_objdump)" \
		make -j2 CC="$_cc" CFLAGS="$mx_cflags" LDFLAGS="$mx_ldflags" \
		${mx_cxx:+CXX_PROGRAMS=yes CXX="$mx_cxx" CXXFLAGS="$mx_cxxflags"} \
		HARDEN="$S/catalog/harden-flags" HARDEN_FLAGS_ARGS="--level=$_l${_rq:+ $_rq}" all) >"$_d.build" 2>&1 ||
		{ mx_problem "$_d.problems" "make failed: $(mx_errors "$_d.build")"; return 1; }
	mx_make_report "$_d" c CC="$_cc" CFLAGS="$mx_cflags" || return 1
	mx_first "$_d/make/tally" "$_d/make/tally.exe" >"$_d.prog" ||
		{ mx_problem "$_d.problems" "no program built: $(ls "$_d/make" | tr '\n' ' ')"; return 1; }
	mx_first "$_d/make/libtally.so" "$_d/make/libtally.dll" >"$_d.lib" ||
		{ mx_problem "$_d.problems" "no shared library built: $(ls "$_d/make" | tr '\n' ' ')"; return 1; }
	[ -z "$mx_cxx" ] && return 0
	mx_make_report "$_d" c++ CXX="$mx_cxx" CXXFLAGS="$mx_cxxflags" || return 1
	mv "$_d.report-c++" "$_d/make/harden-report-cxx.txt"
	mx_cxx_outputs "$_d" "$_d/make" "$_d/make/harden-report-cxx.txt"
}

# mx_make_report DIR LANG VAR=VALUE...: the report the Makefile used for
# LANG: harden-flags again with the same inputs and the Makefile's cache,
# which must answer without a compiler run; DIR.report (C) or
# DIR.report-c++.
mx_make_report() {
	_d=$1 _lang=$2 _out=$1.report _cache=harden.cache
	shift 2
	[ "$_lang" = c ] || _out=$_d.report-c++ _cache=harden-cxx.cache
	(cd "$_d/make" && env CPPFLAGS= LDFLAGS="$mx_ldflags" READELF="$(mx_readelf)" OBJDUMP="$(mx_objdump)" "$@" \
		sh "$S/catalog/harden-flags" --lang="$_lang" "--level=$_l" $(mx_request make "$_l") --cache=$_cache --report) >"$_out" 2>"$_out.err" ||
		{ mx_problem "$_d.problems" "harden-flags --lang=$_lang --report failed: $(cat "$_out.err")"; return 1; }
	[ "$(report_key "$_out" runs)" = 0 ] ||
		mx_problem "$_d.problems" "harden-flags --lang=$_lang --report with the Makefile's cache probed again (runs=$(report_key "$_out" runs)): not the report the build used"
}

# mx_run_program PROG LIB: runs the program on count.in (as the example's
# test does) and checks its counts.
mx_run_program() {
	printf 'one two\nthree\n' >"$T/count.in"
	_libdir=$(dirname "$2")
	case $mx_host in
	'') _o=$(cd "$T" && LD_LIBRARY_PATH=$_libdir "$1" count.in 2>&1) ;;
	aarch64-linux-gnu) _o=$(cd "$T" && LD_LIBRARY_PATH=$_libdir qemu-aarch64 -L /usr/aarch64-linux-gnu "$1" count.in 2>&1) ;;
	*mingw32) _o=$(mx_wine "$1" "$_libdir") || { echo "failed: $_o"; return 1; }
		# Without libssp-0.dll beside it, a program that imports it cannot start.
		if mx_needed "$1" | grep -qix 'libssp-0\.dll'; then
			mx_wine "$1" "$_libdir" nossp >/dev/null &&
				{ echo "ran without libssp-0.dll although it imports it"; return 1; }
			_o="$_o (and not without libssp-0.dll)"
		fi ;;
	*) echo "not run (no runner for $mx_host)"; return 0 ;;
	esac || { echo "failed: $_o"; return 1; }
	# shellcheck disable=SC2086 # the counts
	set -- $_o
	[ "$1 $2 $3" = "2 3 14" ] || { echo "printed '$_o', not 2 3 14"; return 1; }
	case $mx_host in
	'') echo "ran: $_o" ;;
	*mingw32) echo "ran under wine: $_o" ;;
	*) echo "ran under qemu-${mx_host%%-*}: $_o" ;;
	esac
}

# mx_wine PROGRAM DLLDIR [nossp]: PROGRAM run under Wine on count.in in $T,
# its exit status and its output without carriage returns (messages in
# PROGRAM.wine-err), DLLs found in DLLDIR and in
# the directory of the toolchain's libssp-0.dll (not with nossp).
mx_wine() {
	_path=$2
	[ "${3-}" = nossp ] || _path="$(dirname "$("$mx_host-gcc" -print-file-name=libssp-0.dll)");$_path"
	(cd "$T" && WINEPATH=$_path wine "$1" count.in >"$1.wine-out" 2>"$1.wine-err") || return
	tr -d '\r' <"$1.wine-out"
}

# mx_wine_init: the run's own Wine prefix, made before the jobs start (its
# first start takes seconds and must not run twice at once), and
# $T/wine-run, CMake's emulator: Wine with the toolchain's libssp-0.dll.
mx_wine_init() {
	export WINEPREFIX="$T/wine" WINEDEBUG=-all
	wine wineboot --init >"$T/wineboot.log" 2>&1 ||
		fail "wineboot --init failed: $(tail -n 3 "$T/wineboot.log")"
	mx_exe_wrapper=$T/wine-run
	cat >"$T/wine-run" <<EOF
#!/bin/sh
WINEPATH='$(dirname "$("$mx_host-gcc" -print-file-name=libssp-0.dll)")' exec wine "\$@"
EOF
	chmod +x "$T/wine-run"
}

# mx_make_check_wine DIR: make check in DIR passes, the program's test run
# under Wine (the example's HOST_RUNNER) and the audit gate run.
mx_make_check_wine() {
	(cd "$1" && make check HOST_RUNNER="$T/wine-run") >"$1.check" 2>&1 ||
		{ mx_problem "$1.problems" "make check under Wine failed: $(grep -e FAIL -e rror "$1.check" | head -n 4 | tr '\n' ' ')"; return 1; }
	grep -q '^PASS: tests/count.sh' "$1.check" || mx_problem "$1.problems" "make check: tests/count.sh did not pass: $(grep count.sh "$1.check")"
	grep -q "^libtool: .*$MX_AUDIT --expect " "$1.check" || grep -q "$MX_AUDIT --expect " "$1.check" ||
		mx_problem "$1.problems" "make check: the audit gate did not run"
	echo "autoconf: make check passed, tally under Wine and the audit gate"
}

# mx_ctest_wine DIR: ctest in DIR passes, with the program's test run under
# Wine and the audit gate run.
mx_ctest_wine() {
	ctest --test-dir "$1" --output-on-failure >"$1.ctest" 2>&1 ||
		{ mx_problem "$1.problems" "ctest under Wine failed: $(grep -i -e fail -e error "$1.ctest" | head -n 4 | tr '\n' ' ')"; return 1; }
	for _t in tally-counts tally-audit; do
		grep -q " $_t \.* *Passed" "$1.ctest" || mx_problem "$1.problems" "ctest: $_t did not pass: $(grep " $_t " "$1.ctest")"
	done
	echo "cmake: ctest passed, tally under Wine and the audit gate"
}

# mx_check FRONTEND LEVEL DIR: after mx_FRONTEND, the proofs of DIR.report
# on DIR.prog and DIR.lib (one line per feature in DIR.proofs:
# FEATURE<TAB>proven: ...|FALSE: ...), and with mx_cxx those of
# DIR.xreport on DIR.words and DIR.tallyxx (in DIR.xproofs); problems to
# DIR.problems.
mx_check() {
	_fe=$1 _l=$2 _d=$3
	mx_check_report "$_d" "$_d.report" "$_d.proofs" "$(cat "$_d.prog")" prog "$(cat "$_d.lib")" lib
	# The request of nodlopen is honoured, or the frontend had to stop.
	for _x in report ${mx_cxx:+xreport}; do
		[ -z "$(mx_request make "$_l")" ] || [ "$(report_state "$_d.$_x" nodlopen)" = on ] ||
			mx_problem "$_d.problems" "nodlopen requested, but the $_x says $(report_state "$_d.$_x" nodlopen) ($(report_reason "$_d.$_x" nodlopen))"
	done
	if _o=$(mx_run_program "$(cat "$_d.prog")" "$(cat "$_d.lib")"); then
		echo "$_fe $_l: $_o"
	else
		mx_problem "$_d.problems" "the program $_o"
	fi
	[ -n "$mx_cxx" ] || return 0
	mx_foreign "$_d"
	mx_check_report "$_d" "$_d.xreport" "$_d.xproofs" "$(cat "$_d.words")" words "$(cat "$_d.tallyxx")" tallyxx
	if _o=$(mx_run_cxx "$(cat "$_d.words")" "$(cat "$_d.tallyxx")"); then
		echo "$_fe $_l: $_o"
	else
		mx_problem "$_d.problems" "a C++ program $_o"
	fi
}

# mx_foreign DIR: no compile or link line of DIR.build has a flag that
# harden proved for the other language's compiler only (in one of the
# reports, DIR.report and DIR.xreport, and not the other), unless the
# builder gave it to that language; there are lines of both languages.
mx_foreign() {
	_fx=$(awk -v cc="$(basename "${mx_cc%% *}")" -v cxx="$(basename "${mx_cxx%% *}")" \
		-v bc="$mx_cflags $mx_ldflags" -v bx="$mx_cxxflags $mx_ldflags" '
		function flags(file, set,    line, n, i, w) {
			while ((getline line < file) > 0)
				if (line ~ /^(cppflags|cflags|exe_cflags|ldflags|exe_ldflags)=/) {
					sub(/^[a-z_]*=/, "", line)
					n = split(line, w, " ")
					for (i = 1; i <= n; i++) set[w[i]] = 1
				}
		}
		BEGIN {
			flags(ARGV[1], c); flags(ARGV[2], x); ARGV[1] = ARGV[2] = ""
			split(bc, w, " "); for (i in w) builder_c[w[i]] = 1
			split(bx, w, " "); for (i in w) builder_x[w[i]] = 1
		}
		{
			lang = ""
			for (i = 1; i <= NF && lang == ""; i++) {
				b = $i; sub(/.*\//, "", b)
				if (b == cc) lang = "C"; else if (b == cxx) lang = "C++"
			}
			if (lang == "") next
			lines[lang]++
			for (; i <= NF; i++) {
				f = $i; sub(/^-Wc,/, "", f)
				if (lang == "C++" && (f in c) && !(f in x) && !(f in builder_x) ||
				    lang == "C" && (f in x) && !(f in c) && !(f in builder_c))
					printf "%s line %d has %s; ", lang, NR, f
			}
		}
		END {
			if (!lines["C"]) printf "no C compile or link line in the build log; "
			if (!lines["C++"]) printf "no C++ compile or link line in the build log; "
		}' "$1.report" "$1.xreport" "$1.build")
	[ -z "$_fx" ] || mx_problem "$1.problems" "a flag of the other language: $_fx"
}

# mx_check_report DIR REPORT PROOFS FILE KIND FILE KIND: the level and the
# format of the files, harden-audit --expect with the report's
# audit_expect, and every claim of REPORT proven on both files (mx_prove).
mx_check_report() {
	_d=$1 _rep=$2 _pf=$3 _f1=$4 _k1=$5 _f2=$6 _k2=$7
	: >"$_pf"
	[ "$(report_key "$_rep" level)" = "$_l" ] || mx_problem "$_d.problems" "$_rep is of level $(report_key "$_rep" level), not $_l"
	for _f in "$_f1" "$_f2"; do
		_x=$(mx_format "$_f")
		[ "$_x" = "$mx_want_format" ] || mx_problem "$_d.problems" "$_f is $_x, not $mx_want_format"
		mx_formats="${mx_formats:-
}$_x:$_f
"
	done
	# harden-audit --expect with the report's audit_expect, which must be
	# the present features that have an audit row.
	_e=$(report_key "$_rep" audit_expect)
	[ "$_e" = "$(audit_expect_want "$_rep")" ] ||
		mx_problem "$_d.problems" "audit_expect=$_e, the present features of $_rep with an audit row are $(audit_expect_want "$_rep")"
	# Exit 1: the features it names are not proven (FALSE below); any other
	# failure is one problem, and every expected feature is unproven.
	"$MX_AUDIT" ${_e:+--expect "$_e"} "$_f1" "$_f2" >"$_pf.audit" 2>"$_pf.audit.err"
	_ast=$?
	case $_ast in
	0|1) _audit= ;;
	*)	_audit="harden-audit ${_e:+--expect $_e }exit $_ast: $(head -n 3 "$_pf.audit.err" | tr '\n' ' ')"
		mx_problem "$_d.problems" "$_audit" ;;
	esac
	[ "$_ast" = 1 ] && ! grep -q ' not proven: ' "$_pf.audit.err" &&
		mx_problem "$_d.problems" "harden-audit exit 1 without naming a feature: $(head -n 3 "$_pf.audit.err" | tr '\n' ' ')"
	# Each feature with its state, value and reason (the rest of its row).
	awk '$1 == "feature" { print }' "$_rep" | while read -r _ _F _st _v _why; do
		if [ "$_st" = unsupported ]; then
			[ -n "$_why" ] && [ "$_why" != - ] || mx_problem "$_d.problems" "$_F unsupported without a reason"
			continue
		fi
		if ! [ "$_st" = on ] && ! { [ "$_st" = builder ] && case $_why in *present) true ;; *) false ;; esac; }; then
			_x=$(mx_unclaimed "$_F" "$_st" "$_f1" "$_f2") || mx_problem "$_d.problems" "$_x"
			continue
		fi
		_res=
		for _k in 1 2; do
			eval "_f=\$_f$_k _kind=\$_k$_k"
			if _why=$(mx_prove "$_F" "$_f" "$_kind" "$_rep" "$_d.build"); then
				_res="$_res${_res:+; }$_kind: $_why"
			else
				_res="FALSE: $_kind $(basename "$_f"): $_why"
				break
			fi
		done
		case $_res in
		FALSE:*) mx_problem "$_d.problems" "$_F claimed $_st $_v, not proven: ${_res#FALSE: }" ;;
		esac
		case ",$_e," in
		*",$_F,"*)
			if [ -n "$_audit" ]; then
				_res="FALSE: $_audit"
			elif grep -q ": $_F not proven: " "$_pf.audit.err"; then
				_a=$(grep ": $_F not proven: " "$_pf.audit.err" | sed "s|$T/||" | tr '\n' ' ')
				_res="FALSE: $_a"
				mx_problem "$_d.problems" "$_F claimed $_st $_v, not proven by harden-audit: $_a"
			else
				_res="$_res; harden-audit"
			fi ;;
		esac
		printf '%s\t%s\n' "$_F" "${_res:-FALSE: no proof}" >>"$_pf"
	done
}

# mx_run_cxx WORDS TALLYXX: the C++ programs run (natively) and print what
# they must.
mx_run_cxx() {
	printf 'one two\nthree\n' >"$T/count.in"
	_o=$("$1" <"$T/count.in" 2>&1) || { echo "words failed: $_o"; return 1; }
	[ "$(echo $_o)" = "one three two 3 distinct" ] || { echo "words printed '$_o'"; return 1; }
	_o=$("$2" <"$T/count.in" 2>&1) || { echo "tallyxx failed: $_o"; return 1; }
	# shellcheck disable=SC2086 # the counts
	set -- $_o
	[ "$1 $2 $3" = "2 3 14" ] || { echo "tallyxx printed '$_o', not 2 3 14"; return 1; }
	echo "words and tallyxx ran"
}

# ---------------------------------------------------------------------------

# mx_frontends LEVEL:FRONTEND...: builds and checks with each frontend of
# mx_build, configures with each other one, one after the other; each
# writes DIR.done when it finished.
mx_frontends() {
	for _run in "$@"; do
		_lv=${_run%%:*} _fe=${_run#*:}
		_dir=$T/$_lv-$_fe
		_t0=$(date +%s)
		: >"$_dir.problems"
		case " $mx_build " in
		*" $_fe "*) "mx_$_fe" "$_lv" "$_dir" && mx_check "$_fe" "$_lv" "$_dir" ;;
		*) if [ "$_fe" = autoconf ]; then mx_autoconf_configure "$_lv" "$_dir"; else "mx_$_fe" "$_lv" "$_dir" configure; fi ;;
		esac
		echo $(( $(date +%s) - _t0 )) >"$_dir.seconds"
		: >"$_dir.done"
	done
}

# matrix_run: the whole matrix of one toolchain (see the top of this file).
# mx_feature_lines LEVEL REF RX PX: the results' line of each feature of
# LEVEL: its state (the same in every report, or a problem) in REF's
# report of kind RX (report: C's; xreport: C++'s) and the proofs (of kind
# PX) of every frontend that built.
mx_feature_lines() {
	_lv=$1 _ref=$2 _rx=$3 _px=$4
	awk '$1 == "feature" { print $2, $3, $4 }' "$T/$_lv-$_ref.$_rx" | while read -r _F _st _v; do
		_proof=
		for _fe in $(mx_level_frontends "$_lv"); do
			_x=$(awk -F '\t' -v f="$_F" '$1 == f { print $2 }' "$T/$_lv-$_fe.$_px" 2>/dev/null)
			case $_x in
			FALSE:*) _proof="FALSE: $_fe: ${_x#FALSE: }"; break ;;
			?*) [ -n "$_proof" ] || _proof="proven: $_x" ;;
			esac
		done
		# A claim that no frontend built anything for is not proven either.
		if [ -z "$_proof" ] && { [ "$_st" = on ] || { [ "$_st" = builder ] &&
			report_reason "$T/$_lv-$_ref.$_rx" "$_F" | grep -q 'present$'; }; }; then
			_proof="FALSE: no frontend built the example"
		fi
		# nodlopen at the strict level is the result of its request:
		# refused by the driver, it is unsupported for its reason.
		if [ "$_lv.$_F" = strict.nodlopen ] && [ -z "$mx_nodlopen" ]; then
			printf 'feature\t%s\t%s\tunsupported\t-\t\t%s\t-\n' "$_lv" "$_F" "$mx_nodlopen_why"
			continue
		fi
		printf 'feature\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$_lv" "$_F" "$_st" "$_v" \
		    "$(mx_flags "$T/$_lv-$_ref.$_rx" "$_F" | sed 's/ $//')" "$(report_reason "$T/$_lv-$_ref.$_rx" "$_F")" "${_proof:--}"
	done
}

matrix_run() {
	_t0=$(date +%s)
	if [ -n "$mx_host" ]; then
		need "$mx_host-gcc" "$mx_host-readelf" "$mx_host-objdump"
		_ccv=$("$mx_host-gcc" --version | head -n 1)
		_cc_named="$mx_host-gcc"
	else
		need "${mx_cc%% *}"
		_ccv=$($mx_cc --version 2>&1 | head -n 1)
		_cc_named=$mx_cc
	fi
	need meson ninja cmake make readelf objdump autoreconf
	case $mx_host in
	aarch64-linux-gnu) need qemu-aarch64 ;;
	*mingw32) need wine wineserver; mx_wine_init ;;
	esac
	case $_ccv in
	*clang*) _rec=-grecord-command-line ;;
	*tcc*) _rec= ;;
	*) _rec=-grecord-gcc-switches ;;
	esac
	mx_cflags="-O2 -g${_rec:+ $_rec}"
	if [ -n "$mx_cxx" ]; then
		need "${mx_cxx%% *}"
		_cxxv=$($mx_cxx --version 2>&1 | head -n 1)
		case $_cxxv in *clang*) mx_cxx_clang=yes _xrec=-grecord-command-line ;; *) mx_cxx_clang= _xrec=-grecord-gcc-switches ;; esac
		mx_cxxflags="-O2 -g $_xrec${mx_cxxflags_extra:+ $mx_cxxflags_extra}"
	fi
	case $mx_host in *mingw*) mx_want_format=pe ;; *) mx_want_format=elf ;; esac
	# make's build is the one every toolchain has: the reference.
	case " $mx_build " in *" make "*) ;; *) fail "mx_build=$mx_build: make is always built" ;; esac
	mx_audit_tool
	mx_nodlopen_gate
	note "$mx_name: $_ccv; CFLAGS=$mx_cflags LDFLAGS=$mx_ldflags${mx_host:+ --host=$mx_host}"
	[ -z "$mx_cxx" ] || note "$mx_name: CXX=$mx_cxx: $_cxxv; CXXFLAGS=$mx_cxxflags"
	note "$mx_name: nodlopen ${mx_nodlopen:+requested in the strict builds}${mx_nodlopen_why:+not requested: $mx_nodlopen_why}"
	# Two jobs on two cores, of about the same length where all four build.
	mx_frontends strict:autoconf standard:make >"$T/job1.log" 2>&1 &
	mx_frontends strict:meson strict:cmake strict:make >"$T/job2.log" 2>&1 &
	wait
	[ -z "${WINEPREFIX-}" ] || wineserver -k 2>/dev/null
	cat "$T"/job*.log
	_problems=0
	: >"$T/problems"
	_out=${HARDEN_RESULTS:-$T}/$mx_name.results
	mkdir -p "$(dirname "$_out")" && : >"$T/c-features" || exit 99
	{
		if [ -n "$mx_cxx" ]; then
			printf 'toolchain\t%s\t%s\t%s\t%s\n' "$mx_name" "CC=$_cc_named CXX=$mx_cxx${mx_cxxflags_extra:+ CXXFLAGS=$mx_cxxflags_extra}" \
				"${mx_ldflags:--}" "$_cxxv"
		else
			printf 'toolchain\t%s\t%s\t%s\t%s\n' "$mx_name" "$_cc_named" "${mx_ldflags:--}" "$_ccv"
		fi
		printf 'built\t%s\n' "$mx_build"
		for _lv in $MX_LEVELS; do
			for _fe in $(mx_level_frontends "$_lv"); do
				printf 'time\t%s\t%s\t%s\n' "$_lv" "$_fe" "$(cat "$T/$_lv-$_fe.seconds" 2>/dev/null || echo '?')"
			done
		done
	} >"$_out.tmp"
	for _lv in $MX_LEVELS; do
		_ref=
		for _fe in $(mx_level_frontends "$_lv"); do
			_dir=$T/$_lv-$_fe
			[ -f "$_dir.done" ] || mx_problem "$_dir.problems" "did not finish: $(tail -n 5 "$T"/job*.log | tr '\n' ' ')"
			if [ -f "$_dir.report" ] && grep -q '^feature ' "$_dir.report"; then
				if [ -z "$_ref" ]; then
					_ref=$_fe
				else
					for _x in report ${mx_cxx:+xreport}; do
						report_diff "$T/$_lv-$_ref.$_x" "$_dir.$_x" >"$_dir.$_x.parity" ||
							mx_problem "$_dir.problems" "its $_x differs from $_ref's: $(grep '^[<>]' "$_dir.$_x.parity" | head -n 6 | tr '\n' ' ')"
					done
				fi
			fi
			while IFS= read -r _p; do
				echo "PROBLEM $mx_name $_lv $_fe: $_p" >>"$T/problems"
				printf 'problem\t%s\t%s\t%s\n' "$_lv" "$_fe" "$_p" >>"$_out.tmp"
				_problems=$((_problems + 1))
			done <"$_dir.problems"
		done
		[ -n "$_ref" ] || continue
		if [ -n "$mx_cxx" ]; then
			mx_feature_lines "$_lv" "$_ref" xreport xproofs >>"$_out.tmp"
			[ -z "$mx_c_name" ] || mx_feature_lines "$_lv" "$_ref" report proofs >>"$T/c-features"
		else
			mx_feature_lines "$_lv" "$_ref" report proofs >>"$_out.tmp"
		fi
	done
	_secs=$(( $(date +%s) - _t0 ))
	if [ "$_problems" -eq 0 ]; then
		printf 'status\tpass\t%s\n' "$_secs" >>"$_out.tmp"
	else
		printf 'status\tfail\t%s\n' "$_secs" >>"$_out.tmp"
	fi
	# A C++ toolchain whose C compiler is also a C toolchain of the table
	# (mx_c_name): that column is this run's C report and proofs, the
	# builds of C++ beside it changing nothing of C's.
	if [ -n "$mx_c_name" ]; then
		{
			printf 'toolchain\t%s\t%s\t%s\t%s\n' "$mx_c_name" "$_cc_named" "${mx_ldflags:--}" "$_ccv"
			printf 'from\t%s\n' "$mx_name"
			grep -v -e '^toolchain	' -e '^feature	' "$_out.tmp"
			cat "$T/c-features"
		} >"${_out%/*}/$mx_c_name.results.tmp" || exit 99
		mv "${_out%/*}/$mx_c_name.results.tmp" "${_out%/*}/$mx_c_name.results"
	fi
	mv "$_out.tmp" "$_out"
	awk -F '\t' '$1 == "feature" { printf "%-9s %-30s %-12s %-9s %s\n", $2, $3, $4, $5, ($4 == "unsupported" ? $7 : $8) }' "$_out"
	awk -F '\t' '$1 == "time" { t = t sep $2 " " $3 " " $4 "s"; sep = ", " } END { print "-- time: " t }' "$_out"
	cat "$T/problems"
	note "$mx_name: ${_secs}s, $_problems problems"
	[ "$_problems" -eq 0 ] || fail "$_problems problems with $mx_name (above)"
	echo ok
}
