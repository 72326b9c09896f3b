#!/bin/sh
# harden on real Debian source packages, one per build system: expat
# (Autotools, C and a C++ test program), libjpeg-turbo (CMake, C and NASM
# assembly) and fribidi (Meson, C).
#
#	sh bench/real-projects.sh [HARDEN-TREE [WORKDIR]]
#
# HARDEN-TREE is the harden source tree to integrate (default: the one this
# script is in); WORKDIR holds the sources and builds (default: a new
# mktemp -d; package sources are never put in this repository).  PACKAGES
# (default "expat libjpeg-turbo fribidi") and VARIANTS (default "debian
# plain") choose a part.  Each package is fetched with `apt-get source`
# (a deb-src entry for the configured mirrors is added when there is none,
# as redis.sh does), integrated as README.md tells a maintainer, by the
# edits below, then for each variant configured, built, tested with its
# own test suite, installed into a DESTDIR, and every installed ELF file is
# read by harden-audit --expect with the report's audit_expect.
#   debian: the flags of `dpkg-buildflags --export=sh`, and the build type
#           debhelper gives (CMake None, Meson plain);
#   plain:  no CPPFLAGS, CFLAGS, CXXFLAGS or LDFLAGS, the build system's
#           defaults (Autoconf -g -O2, libjpeg-turbo's Release, Meson debug).
# A step that fails prints the end of its log and the package goes on with
# the next variant; logs stay in WORKDIR.  Nothing here is a test.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
harden=$(cd "${1:-$root}" && pwd) || exit 1
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/harden-real.XXXXXX")}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 1
packages=${PACKAGES:-expat libjpeg-turbo fribidi}
variants=${VARIANTS:-debian plain}
jobs=${JOBS:-2}
export DEBIAN_FRONTEND=noninteractive
unset CPPFLAGS CFLAGS CXXFLAGS LDFLAGS

say() { printf '%s\n' "$*"; }
progress() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# step LOG CMD...: run CMD into LOG; on failure show its end.
step() {
	_log=$1
	shift
	progress "$*"
	if "$@" >"$_log" 2>&1; then return 0; fi
	say "  FAILED: $* (log $_log), its end:"
	tail -n 15 "$_log" | sed 's/^/    | /'
	return 1
}

# Tools, and deb-src ----------------------------------------------------
setup_system() {
	if ! grep -rqs -e '^deb-src ' -e '^Types:.*deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		[ "$(id -u)" -eq 0 ] || { say "no deb-src entry; run as root to add one" >&2; exit 1; }
		if [ -f /etc/apt/sources.list.d/debian.sources ]; then
			sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
				>/etc/apt/sources.list.d/harden-deb-src.sources
		else
			echo "deb-src http://deb.debian.org/debian $(. /etc/os-release && echo "$VERSION_CODENAME") main" \
				>/etc/apt/sources.list.d/harden-deb-src.list
		fi
		apt-get update -qq
	fi
	# Only what the three builds need: `apt-get build-dep` would also pull
	# libjpeg-turbo's Java (default-jdk) and the documentation tools.
	need=
	for t in autoreconf:autoconf automake:automake libtoolize:libtool cmake:cmake \
		meson:meson ninja:ninja-build nasm:nasm python3:python3 g++:g++ dpkg-buildflags:dpkg-dev; do
		command -v "${t%%:*}" >/dev/null 2>&1 || need="$need ${t#*:}"
	done
	if [ -n "$need" ]; then
		[ "$(id -u)" -eq 0 ] || { say "missing:$need" >&2; exit 1; }
		apt-get install -y -qq $need >/dev/null || exit 1
	fi
}

# fetch PKG: the extracted source of PKG under $work/src; prints its path.
# A version whose files the mirror no longer has (a superseded security
# update) is skipped for the next one apt-cache lists.
fetch() {
	mkdir -p "$work/src"
	d=$(ls -d "$work/src/$1"-[0-9]*/ 2>/dev/null | head -n 1)
	if [ -z "$d" ]; then
		(cd "$work/src" && apt-get source -qq "$1" >"fetch-$1.log" 2>&1) ||
			for v in $(apt-cache showsrc "$1" | sed -n 's/^Version: //p'); do
				(cd "$work/src" && apt-get source -qq "$1=$v" >>"fetch-$1.log" 2>&1) && break
			done
		d=$(ls -d "$work/src/$1"-[0-9]*/ 2>/dev/null | head -n 1)
	fi
	[ -n "$d" ] || { tail -n 5 "$work/src/fetch-$1.log" >&2; return 1; }
	printf '%s\n' "${d%/}"
}

# The integrations: each edits a copy of the pristine source in place ---
integrate_expat() {
	mkdir -p m4 && cp "$harden/m4/harden.m4" m4/ || return 1
	# After AC_PROG_CC and AC_PROG_CXX (so C++ is probed too).  expat puts
	# its own flags in AM_CPPFLAGS, AM_CFLAGS and AM_CXXFLAGS and substitutes
	# them, so the compile flags join those.
	sed -i '/^AC_LANG_POP(\[C++\])$/a\
HARDEN_CHECK\
AM_CPPFLAGS="$AM_CPPFLAGS $HARDEN_CPPFLAGS"\
AM_CFLAGS="$AM_CFLAGS $HARDEN_CFLAGS"\
AM_CXXFLAGS="$AM_CXXFLAGS $HARDEN_CXXFLAGS"' configure.ac
	# Link flags per target: the library, the C programs (-pie), and the
	# C++ test program that libtool links with $(CXX).
	sed -i 's/^    @AM_LDFLAGS@ \\$/    @AM_LDFLAGS@ $(HARDEN_LDFLAGS) \\/' lib/Makefile.am
	sed -i 's/^xmlwf_LDFLAGS = @AM_LDFLAGS@/& $(HARDEN_LDFLAGS) $(HARDEN_EXE_LDFLAGS)/' xmlwf/Makefile.am
	sed -i -e 's/^runtests_LDFLAGS = @AM_LDFLAGS@/& $(HARDEN_LDFLAGS) $(HARDEN_EXE_LDFLAGS)/' \
		-e 's/^runtestspp_LDFLAGS = @AM_LDFLAGS@/& $(HARDEN_CXX_LDFLAGS) $(HARDEN_EXE_CXX_LDFLAGS)/' tests/Makefile.am
	for f in examples/Makefile.am tests/benchmark/Makefile.am; do
		sed -i '/^AM_CPPFLAGS = /a\
AM_LDFLAGS = @AM_LDFLAGS@ $(HARDEN_LDFLAGS) $(HARDEN_EXE_LDFLAGS)' "$f"
	done
	grep -q '^HARDEN_CHECK$' configure.ac && grep -q HARDEN_LDFLAGS lib/Makefile.am &&
		grep -q HARDEN_CXX_LDFLAGS tests/Makefile.am && grep -q HARDEN_EXE_LDFLAGS xmlwf/Makefile.am
}

integrate_libjpeg_turbo() {
	# After the build type is set (the module wants it before the include);
	# C is the only probed language, NASM sources get nothing.
	sed -i '/^message(STATUS "CMAKE_BUILD_TYPE = \${CMAKE_BUILD_TYPE}")$/a\
list(APPEND CMAKE_MODULE_PATH "'"$harden"'/cmake")\
include(Harden)' CMakeLists.txt
	# Some targets are install(EXPORT)ed and all use the keyword-less
	# target_link_libraries(): harden_target() on every target of the tree.
	cat >>CMakeLists.txt <<'EOF'
function(harden_all dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY|STATIC_LIBRARY|OBJECT_LIBRARY)$")
      harden_target(${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(d IN LISTS subdirs)
    harden_all("${d}")
  endforeach()
endfunction()
harden_all("${CMAKE_CURRENT_SOURCE_DIR}")
EOF
	grep -q '^include(Harden)$' CMakeLists.txt
}

integrate_fribidi() {
	mkdir -p subprojects/harden || return 1
	(cd "$harden" && sh meson/dist.sh --list) | while read -r f; do
		mkdir -p "subprojects/harden/$(dirname "$f")" && cp "$harden/$f" "subprojects/harden/$f" || exit 1
	done || return 1
	cat >subprojects/harden.wrap <<'EOF'
[wrap-file]
directory = harden

[provide]
dependency_names = harden, harden-exe, harden-c, harden-c-exe, harden-cpp, harden-cpp-exe
EOF
	sed -i "s/^project('fribidi', 'c', /&default_options: ['force_fallback_for=harden,harden-exe'],\n  /" meson.build
	sed -i "/^cc = meson.get_compiler('c')$/a\\
harden_dep = dependency('harden')\\
harden_exe_dep = dependency('harden-exe')" meson.build
	# The library and the programs of the host; gen.tab's generators are
	# native build tools, left as they are.
	sed -i 's/^\( *\)c_args:/\1dependencies: harden_dep,\n&/' lib/meson.build
	sed -i 's/^\( *\)c_args:/\1dependencies: harden_exe_dep,\n&/' bin/meson.build test/unicode-conformance/meson.build
	grep -q force_fallback_for meson.build && grep -q harden_exe_dep meson.build &&
		grep -q harden_dep lib/meson.build && grep -q harden_exe_dep bin/meson.build
}

# The counts of the test log: Automake's, CTest's or Meson's summary.
test_counts() {
	sed -n -e 's/^# \(PASS\|FAIL\|SKIP\|ERROR\): *\([0-9]*\)/\1 \2/p' -e 's/^.*tests passed, .*/&/p' \
		-e 's/^\(Ok\|Fail\|Skipped\|Timeout\): *\([0-9]*\) *$/\1 \2/p' "$logs/test.log" | paste -sd, - | sed 's/, */, /g'
}

# Build steps per build system, in $b (build dir) from $s (source) -------
build_autotools() {
	step "$logs/autoreconf.log" sh -c "cd '$s' && autoreconf -fi" || return 1
	step "$logs/configure.log" sh -c "cd '$b' && '$s/configure' --prefix=/usr --without-docbook" || return 1
	step "$logs/build.log" make -C "$b" -j"$jobs" || return 1
	if step "$logs/test.log" make -C "$b" -j"$jobs" check; then tests=ok; else tests=FAILED; fi
	tests="$tests ($(test_counts))"
	step "$logs/install.log" make -C "$b" install DESTDIR="$dest"
}

build_cmake() {
	bt=
	[ "$variant" = debian ] && bt=-DCMAKE_BUILD_TYPE=None
	step "$logs/configure.log" cmake -S "$s" -B "$b" $bt -DCMAKE_INSTALL_PREFIX=/usr -DWITH_JAVA=0 \
		-DCMAKE_VERBOSE_MAKEFILE=ON || return 1
	step "$logs/build.log" make -C "$b" -j"$jobs" || return 1
	if step "$logs/test.log" sh -c "cd '$b' && ctest -j$jobs"; then tests=ok; else tests=FAILED; fi
	tests="$tests ($(test_counts))"
	step "$logs/install.log" make -C "$b" install DESTDIR="$dest"
}

build_meson() {
	bt=
	[ "$variant" = debian ] && bt=--buildtype=plain
	step "$logs/configure.log" meson setup "$b" "$s" $bt --prefix=/usr -Ddocs=false || return 1
	step "$logs/build.log" ninja -C "$b" -v -j"$jobs" || return 1
	if step "$logs/test.log" meson test -C "$b" --num-processes "$jobs"; then tests=ok; else tests=FAILED; fi
	tests="$tests ($(test_counts))"
	step "$logs/install.log" sh -c "DESTDIR='$dest' meson install -C '$b'"
}

# What the integration changed: lines added and removed per file, and the
# files copied in whole.
integration_diff() {
	say "  integration ($1):"
	(cd "$work/src" && diff -ruN "$2" "$3") >"$work/$pkg.diff"
	awk '/^\+\+\+ /{f=$2; sub(/^[^\/]*\//, "", f); n[f]=1}
	     /^\+[^+]/ || /^\+$/ {a[f]++}
	     /^-[^-]/ || /^-$/ {d[f]++}
	     END {for (f in n) if (f ~ /^(m4\/harden\.m4|subprojects\/harden\/)/) c++; else printf "    %s: +%d -%d\n", f, a[f], d[f];
	          if (c) printf "    copied from harden: %d file(s) (%s)\n", c, c == 1 ? "m4/harden.m4" : "subprojects/harden/, the release files"}' \
		"$work/$pkg.diff" | sort
}

# The report's feature lines, as a summary: NAME STATE VALUE REASON.
report_summary() {
	sed -n 's/^feature \([^ ]*\) \([^ ]*\) \([^ ]*\) \(.*\)$/\1 \2 \3 \4/p' "$1" |
		while read -r n st v r; do
			[ "$st" = unsupported ] && case $r in *"only (target is"*|*"only (language is"*) continue ;; esac
			printf '    %-28s %-12s %-9s %s\n' "$n" "$st" "$v" "$r"
		done
}

# audit_installed: harden-audit --expect on every ELF file of $dest.
audit_installed() {
	find "$dest" -type f | sort | while read -r f; do
		[ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && printf '%s\n' "$f"
	done >"$logs/elf-files"
	n=$(wc -l <"$logs/elf-files")
	report=$(find "$b" -name harden-report.txt | head -n 1)
	[ -n "$report" ] || { say "  no harden-report.txt in $b"; return 1; }
	expect=$(sed -n 's/^audit_expect=//p' "$report")
	say "  summary (${report#"$b"/}; unsupported for another target or language left out):"
	report_summary "$report"
	cxx=$(find "$b" -name harden-report-cxx.txt | head -n 1)
	if [ -n "$cxx" ]; then
		say "  summary of C++ (${cxx#"$b"/}):"
		report_summary "$cxx"
	fi
	say "  test suite: $tests"
	say "  audit: $n installed ELF file(s), harden-audit --expect '$expect':"
	# In this shell (no pipe), so that rc is harden-audit's own status.
	set --
	while IFS= read -r f; do set -- "$@" "$f"; done <"$logs/elf-files"
	"$audit" --expect "$expect" "$@" >"$logs/audit.txt" 2>&1
	rc=$?
	sed "s|$dest||" "$logs/audit.txt" | sed 's/^/    /'
	say "  audit exit status: $rc ($( [ $rc -eq 0 ] && echo 'every expected feature proven in every file' || echo 'a feature missing or unproven'))"
	# What the per-unit judgement saw, and what it could not (assembler,
	# units without recorded switches, the share of code they span).
	say "  recorded compilation units (harden-audit --units):"
	for f in "$@"; do
		u=$("$audit" --units "$f" 2>/dev/null | sed -n 's/^ *units: //p')
		say "    ${f#"$dest"}: ${u:-none}"
	done
	audit_static
}

# audit_static: the installed static libraries, member by member, counted,
# not gated: harden-audit reads no DWARF of a relocatable object (its
# string offsets are relocations), so a member with no canary-worthy
# function or no fortifiable call is unknown, not no.
audit_static() {
	find "$dest" -type f -name '*.a' | sort | while read -r f; do
		"$audit" "$f" 2>/dev/null | awk -v f="${f#"$dest"}" '
			NR > 1 { n++; c[$10]++; fo[$11]++; cl[$12]++; ce[$13]++ }
			function show(name, a,  k, s) { s = ""; for (k in a) s = s " " k "=" a[k]; return name ":" s }
			END { printf "  static %s: %d members; %s; %s; %s; %s\n", f, n,
				show("CANARY", c), show("FORTIFY", fo), show("CLASH", cl), show("CET", ce) }'
	done
}

# run_package PKG KIND: fetch, integrate, then every variant.
run_package() {
	pkg=$1
	kind=$2
	say ""
	say "== $pkg ($kind)"
	d=$(fetch "$pkg") || { say "  cannot get the source of $pkg"; return; }
	sub=.
	[ "$pkg" = expat ] && sub=expat # expat's Debian source has it in a subdirectory
	say "  source: $(basename "$d") ($(sed -n 's/^Version: //p' "$d"/../"$pkg"_*.dsc | head -n 1))"
	pristine=$d/$sub
	patched=$work/src/$pkg-harden
	rm -rf "$patched" && cp -a "$pristine" "$patched" || return
	fn=integrate_$(echo "$pkg" | tr - _)
	if ! (cd "$patched" && $fn); then say "  the integration's edits did not apply"; return; fi
	integration_diff "$kind" "${pristine#"$work/src/"}" "${patched#"$work/src/"}"
	for variant in $variants; do
		say "  -- variant $variant"
		s=$work/build/$pkg-$variant/src
		b=$work/build/$pkg-$variant/build
		dest=$work/build/$pkg-$variant/dest
		logs=$work/build/$pkg-$variant/logs
		tests=not-run
		rm -rf "$work/build/$pkg-$variant" && mkdir -p "$b" "$dest" "$logs" && cp -a "$patched" "$s" || return
		(
			if [ "$variant" = debian ]; then
				# from the source directory, as debhelper runs it: -ffile-prefix-map names it
				eval "$(cd "$s" && dpkg-buildflags --export=sh)"
				say "  flags: CPPFLAGS='$CPPFLAGS' CFLAGS='$CFLAGS' LDFLAGS='$LDFLAGS'"
			fi
			case $kind in
			Autotools) build_autotools ;;
			CMake) build_cmake ;;
			Meson) build_meson ;;
			esac || { say "  build failed; test suite: $tests"; exit 1; }
			audit_installed
		)
	done
}

setup_system
audit=$work/tools/harden-audit
mkdir -p "$work/tools"
make -s -C "$harden/tools" O="$work/tools" "$audit" >"$work/tools/build.log" 2>&1 ||
	{ tail "$work/tools/build.log"; exit 1; }
say "harden $(cat "$harden/VERSION") at $(git -C "$harden" describe --always --dirty 2>/dev/null || echo '?'), $(gcc --version | head -n 1), $(cmake --version | head -n 1), meson $(meson --version)"
say "work directory: $work"
for p in $packages; do
	case $p in
	expat) run_package expat Autotools ;;
	libjpeg-turbo) run_package libjpeg-turbo CMake ;;
	fribidi) run_package fribidi Meson ;;
	*) say "unknown package $p (expat, libjpeg-turbo, fribidi)" ;;
	esac
done
