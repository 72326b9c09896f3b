#!/bin/sh
# bench/configure-time.sh: what harden's standard level adds to a configure,
# in each frontend, next to the build system's usual per-flag checks over the
# same flags.  A benchmark, not a test: it prints numbers and never fails on
# them.  See bench/README.md.
#
#   sh bench/configure-time.sh [--rounds=N] [--cc=gcc,clang]
#                              [--frontends=autoconf,meson,cmake] [--seed=N] [--keep]
#                              [--baseline=GITREV]
#
#   --baseline=GITREV  also measure harden as of GITREV (its tree from `git
#                      archive`) in the same rounds, and print before and after
#
# For each frontend and compiler, three projects of one hello-world C file:
#   baseline  no hardening at all;
#   harden    harden's standard level (HARDEN_CHECK, dependency('harden'),
#             include(Harden));
#   anchor    the same 12 flags checked one at a time with the build system's
#             usual tools (AX_APPEND_COMPILE_FLAGS/AX_APPEND_LINK_FLAGS,
#             cc.get_supported_arguments/get_supported_link_arguments,
#             check_c_compiler_flag/check_linker_flag);
# and two of a C and a C++ hello-world program, with the C++ compiler of the
# same family (gcc: g++, clang: clang++, clang-19: clang++-19):
#   mixed-baseline  no hardening at all;
#   mixed-harden    harden's standard level, each language's flags given to
#                   that language's program (HARDEN_CFLAGS/HARDEN_CXXFLAGS,
#                   harden-c-exe/harden-cpp-exe, Harden::Harden).
# Every configure starts from a fresh build directory.  One untimed warm-up
# round, then N rounds; in each round all configures of all frontends and
# compilers run in a new random order.  Then it prints the medians, what
# harden and the anchor add on top of the baseline, their ratio and whether
# the goal of issue 8 is met, a second table for the cached reconfigure, and
# the mixed project's: what harden adds to it against what it adds to the
# C-only one (issue 17: at most 1.5 times), and its cached reconfigure.
# With --baseline, the harden and mixed-harden projects are built a second
# time from GITREV's tree (base-harden, base-mixed-harden), configured in the
# same random order as the others, and a last table puts GITREV's added
# times, ratio, CPU and compiler runs beside the current tree's.
# Progress goes to standard error, results to standard output.
#
# As root it installs what it lacks with apt-get (Debian package names);
# otherwise a frontend whose tools are missing is left out, with a message.
set -eu

me=configure-time
rounds=5 ccs=gcc,clang frontends=autoconf,meson,cmake keep=no seed=
baseline=

usage() {
	sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

for arg; do
	case $arg in
	--rounds=*) rounds=${arg#*=} ;;
	--cc=*) ccs=${arg#*=} ;;
	--frontends=*) frontends=${arg#*=} ;;
	--seed=*) seed=${arg#*=} ;;
	--keep) keep=yes ;;
	--baseline=*) baseline=${arg#*=} ;;
	-h|--help) usage; exit 0 ;;
	*) printf '%s: unknown argument: %s\n' "$me" "$arg" >&2; usage >&2; exit 2 ;;
	esac
done
case $rounds in ''|*[!0-9]*|0) printf '%s: --rounds needs a positive number\n' "$me" >&2; exit 2 ;; esac
case $seed in *[!0-9]*) printf '%s: --seed needs a number\n' "$me" >&2; exit 2 ;; esac
ccs=$(printf '%s' "$ccs" | tr ',' ' ')
asked=$(printf '%s' "$frontends" | tr ',' ' ')
for f in $asked; do
	case $f in autoconf|meson|cmake) ;; *) printf '%s: unknown frontend: %s (autoconf, meson, cmake)\n' "$me" "$f" >&2; exit 2 ;; esac
done
frontends=
for f in autoconf meson cmake; do
	case " $asked " in *" $f "*) frontends="$frontends $f" ;; esac
done
if [ -z "$ccs" ] || [ -z "$frontends" ]; then printf '%s: nothing to measure\n' "$me" >&2; exit 2; fi

say() { printf '%s: %s\n' "$me" "$*" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }
# The C++ compiler of a C compiler's family, for the mixed projects: gcc-12
# gives g++-12, clang-19 clang++-19; nothing for another name.
cxx_of() {
	case $1 in
	gcc|gcc-*) printf 'g++%s\n' "${1#gcc}" ;;
	clang|clang-*) printf 'clang++%s\n' "${1#clang}" ;;
	esac
}

repo=$(cd "$(dirname "$0")/.." && pwd)
# Resolved now, so that a bad GITREV stops the run before anything is built.
base_commit='' base_short=''
if [ -n "$baseline" ]; then
	base_commit=$(git -C "$repo" rev-parse --verify -q "$baseline^{commit}") ||
		{ printf '%s: --baseline: no commit %s in %s\n' "$me" "$baseline" "$repo" >&2; exit 2; }
	base_short=$(git -C "$repo" rev-parse --short "$base_commit")
fi

# The 12 flags of the anchors, the ones harden's standard level gives on
# x86_64 (doc/features.md).  -U_FORTIFY_SOURCE first, as it
# must come before -D_FORTIFY_SOURCE=3 on a command line.
compile_flags='-U_FORTIFY_SOURCE -fstack-protector-strong -D_FORTIFY_SOURCE=3 -fstack-clash-protection -fcf-protection=full -fPIE -Wformat -Werror=format-security'
link_flags='-pie -Wl,-z,relro -Wl,-z,now -Wl,-z,noexecstack'

# ---------------------------------------------------------------- tools
# The Debian packages each frontend needs, and the program that shows each
# is there (a file for autoconf-archive).
pkg_ok() {
	case $1 in
	autoconf-archive) [ -r /usr/share/aclocal/ax_append_compile_flags.m4 ] ;;
	ninja-build) have ninja ;;
	python3) have python3 ;;
	*) have "$1" ;;
	esac
}
want=python3
for cc in $ccs; do
	want="$want $cc"
	# Debian's g++ and clang packages (clang++ comes with clang)
	case $(cxx_of "$cc") in g++*) want="$want $(cxx_of "$cc")" ;; esac
done
for f in $frontends; do
	case $f in
	autoconf) want="$want autoconf automake autoconf-archive" ;;
	meson) want="$want meson ninja-build" ;;
	cmake) want="$want cmake ninja-build" ;;
	esac
done
missing=
for p in $want; do
	pkg_ok "$p" || case " $missing " in *" $p "*) ;; *) missing="$missing $p" ;; esac
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -eq 0 ] && have apt-get; then
		say "installing$missing"
		export DEBIAN_FRONTEND=noninteractive
		# shellcheck disable=SC2086
		apt-get install -y -qq $missing >&2 ||
			{ apt-get update -qq >&2 && apt-get install -y -qq $missing >&2; } ||
			say "apt-get could not install$missing"
	else
		say "missing:$missing (run as root to install them)"
	fi
fi
have python3 || { say "python3 is needed"; exit 1; }
ok_frontends=
for f in $frontends; do
	need=
	case $f in
	autoconf) need="autoconf automake autoconf-archive" ;;
	meson) need="meson ninja-build" ;;
	cmake) need="cmake ninja-build" ;;
	esac
	lack=
	for p in $need; do pkg_ok "$p" || lack="$lack $p"; done
	if [ -n "$lack" ]; then say "leaving out $f: no$lack"; else ok_frontends="$ok_frontends $f"; fi
done
ok_ccs=
pairs=
for cc in $ccs; do
	if have "$cc"; then ok_ccs="$ok_ccs $cc"; else say "leaving out $cc: not found"; continue; fi
	cxx=$(cxx_of "$cc")
	if [ -z "$cxx" ]; then
		say "leaving out the mixed C/C++ projects for $cc: no C++ compiler known for it"
	elif ! have "$cxx"; then
		say "leaving out the mixed C/C++ projects for $cc: no $cxx"
	else
		pairs="$pairs $cc:$cxx"
	fi
done
if [ -z "$ok_frontends" ] || [ -z "$ok_ccs" ]; then say "nothing left to measure"; exit 1; fi

# ---------------------------------------------------------------- scratch
scratch=$(mktemp -d "${TMPDIR:-/tmp}/configure-time.XXXXXX")
cleanup() {
	if [ "$keep" = yes ] || [ -e "$scratch/failed" ]; then
		say "kept $scratch (logs/: every configure's output; times.csv: every timed configure)"
	else
		rm -rf "$scratch"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The builder's environment stays out: each configure gets CC (and CXX for the
# mixed projects) and nothing else.
unset CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS CCACHE_DIR MAKEFLAGS 2>/dev/null || :
export LC_ALL=C

hello='#include <stdio.h>

int main(void)
{
	puts("hello");
	return 0;
}'
hellocxx='#include <cstdio>

int main()
{
	std::puts("hello");
	return 0;
}'

# A variant base-V is the project of variant V with harden taken from the
# --baseline tree: sets kind=V and tree, the harden tree to copy or point at.
tree_of() { # VARIANT
	case $1 in
	base-*) kind=${1#base-} tree=$scratch/base-tree ;;
	*) kind=$1 tree=$repo ;;
	esac
}

# Autoconf: one source tree per variant, autoreconf'd once here (not timed).
# Plain Autoconf with a Makefile.in of its own, no Automake: Automake's
# AM_INIT_AUTOMAKE sleeps one second in the background during every
# configure (so that the generated files are newer than configure), and a
# one-file project's checks end within that second, which would hide what
# they cost.  -Werror in the anchor's checks, as projects that use these
# macros for hardening pass it (a plain check accepts flags that only warn).
# The mixed projects add AC_PROG_CXX and a C++ program that gets the C++
# flags; they need a harden.m4 that probes C++ (harden_cv_cxx_*).
autoconf_project() { # VARIANT
	d=$scratch/src/autoconf-$1
	tree_of "$1"
	case $kind in mixed-*) autoconf_mixed "$1"; return ;; esac
	mkdir -p "$d/m4"
	printf '%s\n' "$hello" >"$d/hello.c"
	case $kind in
	baseline) checks='' mk='X_CPPFLAGS =
X_CFLAGS =
X_LDFLAGS =' ;;
	harden)
		cp "$tree/m4/harden.m4" "$d/m4/"
		checks='HARDEN_CHECK'
		mk='X_CPPFLAGS = @HARDEN_CPPFLAGS@
X_CFLAGS = @HARDEN_CFLAGS@
X_LDFLAGS = @HARDEN_LDFLAGS@ @HARDEN_EXE_LDFLAGS@' ;;
	anchor)
		for m in ax_append_compile_flags ax_append_link_flags ax_check_compile_flag \
			ax_check_link_flag ax_append_flag ax_require_defined; do
			cp "/usr/share/aclocal/$m.m4" "$d/m4/"
		done
		checks="AX_APPEND_COMPILE_FLAGS([$compile_flags], [ANCHOR_CFLAGS], [-Werror])
AX_APPEND_LINK_FLAGS([$link_flags], [ANCHOR_LDFLAGS], [-Werror])
AC_SUBST([ANCHOR_CFLAGS])
AC_SUBST([ANCHOR_LDFLAGS])"
		mk='X_CPPFLAGS =
X_CFLAGS = @ANCHOR_CFLAGS@
X_LDFLAGS = @ANCHOR_LDFLAGS@' ;;
	esac
	printf '%s\n' 'AC_INIT([hello], [1.0])' 'AC_CONFIG_SRCDIR([hello.c])' \
		'AC_CONFIG_MACRO_DIR([m4])' 'AC_PROG_CC' "$checks" \
		'AC_CONFIG_FILES([Makefile])' 'AC_OUTPUT' >"$d/configure.ac"
	# shellcheck disable=SC2016
	printf '%s\n' 'srcdir = @srcdir@' 'CC = @CC@' 'CPPFLAGS = @CPPFLAGS@' 'CFLAGS = @CFLAGS@' \
		'LDFLAGS = @LDFLAGS@' "$mk" 'hello: $(srcdir)/hello.c' \
		'	$(CC) $(X_CPPFLAGS) $(CPPFLAGS) $(X_CFLAGS) $(CFLAGS) $(X_LDFLAGS) $(LDFLAGS) -o $@ $(srcdir)/hello.c' \
		>"$d/Makefile.in"
	autoconf_reconf "$1"
}
autoconf_reconf() { # VARIANT
	(cd "$scratch/src/autoconf-$1" && autoreconf -fi) >"$scratch/logs/autoreconf-$1.log" 2>&1 ||
		{ say "autoreconf failed for autoconf-$1:"; tail -n 5 "$scratch/logs/autoreconf-$1.log" >&2; return 1; }
}
autoconf_mixed() { # VARIANT
	d=$scratch/src/autoconf-$1
	tree_of "$1"
	mkdir -p "$d/m4"
	printf '%s\n' "$hello" >"$d/hello.c"
	printf '%s\n' "$hellocxx" >"$d/hello-cpp.cpp"
	case $kind in
	mixed-baseline) checks='' mk='X_CPPFLAGS =
X_CFLAGS =
X_LDFLAGS =
X_CXXFLAGS =
X_CXX_LDFLAGS =' ;;
	mixed-harden)
		cp "$tree/m4/harden.m4" "$d/m4/"
		checks='HARDEN_CHECK'
		mk='X_CPPFLAGS = @HARDEN_CPPFLAGS@
X_CFLAGS = @HARDEN_CFLAGS@
X_LDFLAGS = @HARDEN_LDFLAGS@ @HARDEN_EXE_LDFLAGS@
X_CXXFLAGS = @HARDEN_CXXFLAGS@
X_CXX_LDFLAGS = @HARDEN_CXX_LDFLAGS@ @HARDEN_EXE_CXX_LDFLAGS@' ;;
	esac
	printf '%s\n' 'AC_INIT([hello], [1.0])' 'AC_CONFIG_SRCDIR([hello.c])' \
		'AC_CONFIG_MACRO_DIR([m4])' 'AC_PROG_CC' 'AC_PROG_CXX' "$checks" \
		'AC_CONFIG_FILES([Makefile])' 'AC_OUTPUT' >"$d/configure.ac"
	# shellcheck disable=SC2016
	printf '%s\n' 'srcdir = @srcdir@' 'CC = @CC@' 'CXX = @CXX@' 'CPPFLAGS = @CPPFLAGS@' \
		'CFLAGS = @CFLAGS@' 'CXXFLAGS = @CXXFLAGS@' 'LDFLAGS = @LDFLAGS@' "$mk" \
		'all: hello hello-cpp' 'hello: $(srcdir)/hello.c' \
		'	$(CC) $(X_CPPFLAGS) $(CPPFLAGS) $(X_CFLAGS) $(CFLAGS) $(X_LDFLAGS) $(LDFLAGS) -o $@ $(srcdir)/hello.c' \
		'hello-cpp: $(srcdir)/hello-cpp.cpp' \
		'	$(CXX) $(X_CPPFLAGS) $(CPPFLAGS) $(X_CXXFLAGS) $(CXXFLAGS) $(X_CXX_LDFLAGS) $(LDFLAGS) -o $@ $(srcdir)/hello-cpp.cpp' \
		>"$d/Makefile.in"
	autoconf_reconf "$1"
}

# Meson: the harden subproject is a copy of the files of `meson/dist.sh
# --list` with a wrap that provides its dependencies.  Optimised builds
# (-O2 -g), as packages are built and as Autoconf's default CFLAGS are.
# The mixed projects declare both languages; each program gets its
# language's dependency (meson/README.md, "C and C++").
meson_project() { # VARIANT
	d=$scratch/src/meson-$1
	tree_of "$1"
	mkdir -p "$d"
	printf '%s\n' "$hello" >"$d/hello.c"
	langs="'c'"
	case $kind in mixed-*) langs="'c', 'cpp'"; printf '%s\n' "$hellocxx" >"$d/hello-cpp.cpp" ;; esac
	head="project('hello', $langs, default_options: ['buildtype=debugoptimized'])"
	case $kind in
	baseline) body="executable('hello', 'hello.c')" ;;
	mixed-baseline) body="executable('hello', 'hello.c')
executable('hello-cpp', 'hello-cpp.cpp')" ;;
	harden|mixed-harden)
		mkdir -p "$d/subprojects/harden"
		(cd "$tree" && sh meson/dist.sh --list) >"$scratch/logs/dist-list-$1.txt" ||
			{ say "meson/dist.sh --list failed in $tree"; return 1; }
		while IFS= read -r file; do
			[ -n "$file" ] || continue
			mkdir -p "$d/subprojects/harden/$(dirname "$file")"
			cp -p "$tree/$file" "$d/subprojects/harden/$file" || return 1
		done <"$scratch/logs/dist-list-$1.txt"
		printf '[wrap-file]\ndirectory = harden\n\n[provide]\ndependency_names = %s\n' \
			'harden, harden-exe, harden-c, harden-c-exe, harden-cpp, harden-cpp-exe' \
			>"$d/subprojects/harden.wrap"
		# As meson/README.md says: harden is never a system package, so
		# the parent skips the pkg-config and CMake look-ups (about 0.3 s).
		if [ "$kind" = harden ]; then
			head="project('hello', 'c', default_options: ['buildtype=debugoptimized', 'force_fallback_for=harden,harden-exe'])"
			body="harden_dep = dependency('harden')
harden_exe_dep = dependency('harden-exe')
executable('hello', 'hello.c', dependencies: harden_exe_dep)"
		else
			head="project('hello', 'c', 'cpp', default_options: ['buildtype=debugoptimized', 'force_fallback_for=harden-c-exe,harden-cpp-exe'])"
			body="executable('hello', 'hello.c', dependencies: dependency('harden-c-exe'))
executable('hello-cpp', 'hello-cpp.cpp', dependencies: dependency('harden-cpp-exe'))"
		fi ;;
	anchor)
		q() { for x; do printf "'%s', " "$x"; done; }
		# shellcheck disable=SC2086
		body="cc = meson.get_compiler('c')
anchor_cflags = cc.get_supported_arguments([$(q $compile_flags)])
anchor_ldflags = cc.get_supported_link_arguments([$(q $link_flags)])
message('anchor-accepted: ' + ' '.join(anchor_cflags + anchor_ldflags))
executable('hello', 'hello.c', c_args: anchor_cflags, link_args: anchor_ldflags)" ;;
	esac
	printf '%s\n%s\n' "$head" "$body" >"$d/meson.build"
}

# CMake: the module straight from this repository (or the --baseline tree),
# not a copy.  RelWithDebInfo (-O2 -g)
# for the same reason; the Ninja generator, as Meson uses Ninja (CMake's
# checks build their try_compile projects with the generator in use).
# Harden::Harden gives each language its own flags, so the mixed projects
# use it for both programs.
cmake_project() { # VARIANT
	d=$scratch/src/cmake-$1
	tree_of "$1"
	mkdir -p "$d"
	printf '%s\n' "$hello" >"$d/hello.c"
	langs=C
	body=
	case $kind in
	mixed-*)
		langs='C CXX'
		printf '%s\n' "$hellocxx" >"$d/hello-cpp.cpp"
		body='add_executable(hello-cpp hello-cpp.cpp)' ;;
	esac
	case $kind in
	baseline|mixed-baseline) ;;
	harden) body="list(APPEND CMAKE_MODULE_PATH \"$tree/cmake\")
include(Harden)
target_link_libraries(hello PRIVATE Harden::Harden)" ;;
	mixed-harden) body="$body
list(APPEND CMAKE_MODULE_PATH \"$tree/cmake\")
include(Harden)
target_link_libraries(hello PRIVATE Harden::Harden)
target_link_libraries(hello-cpp PRIVATE Harden::Harden)" ;;
	anchor) body="include(CheckCCompilerFlag)
include(CheckLinkerFlag)
set(anchor_accepted)
foreach(flag $compile_flags)
  string(MAKE_C_IDENTIFIER \"ANCHOR_CC\${flag}\" var)
  check_c_compiler_flag(\"\${flag}\" \${var})
  if(\${var})
    target_compile_options(hello PRIVATE \"\${flag}\")
    list(APPEND anchor_accepted \"\${flag}\")
  endif()
endforeach()
foreach(flag $link_flags)
  string(MAKE_C_IDENTIFIER \"ANCHOR_LD\${flag}\" var)
  check_linker_flag(C \"\${flag}\" \${var})
  if(\${var})
    target_link_options(hello PRIVATE \"\${flag}\")
    list(APPEND anchor_accepted \"\${flag}\")
  endif()
endforeach()
string(JOIN \" \" anchor_accepted \${anchor_accepted})
message(STATUS \"anchor-accepted: \${anchor_accepted}\")" ;;
	esac
	printf 'cmake_minimum_required(VERSION 3.18)\nproject(hello %s)\nadd_executable(hello hello.c)\n%s\n' \
		"$langs" "$body" >"$d/CMakeLists.txt"
}

mkdir -p "$scratch/src" "$scratch/build" "$scratch/logs"
say "scratch directory $scratch"
if [ -n "$base_commit" ]; then
	# The whole tree, as bench/audit-usrbin.sh takes it: the Meson
	# subproject's files and the CMake module's driver are all over it.
	mkdir "$scratch/base-tree"
	git -C "$repo" archive "$base_commit" | tar -x -C "$scratch/base-tree" ||
		{ say "cannot extract $baseline ($base_short) with git archive"; exit 1; }
	say "baseline $baseline ($base_short) extracted to $scratch/base-tree"
fi
# The file a frontend's harden project needs from the --baseline tree, if
# that tree lacks it (an older commit may predate a frontend).
base_lacks() { # FRONTEND
	case $1 in
	autoconf) need=m4/harden.m4 ;;
	meson) need=meson/dist.sh ;;
	cmake) need=cmake/Harden.cmake ;;
	esac
	[ -r "$scratch/base-tree/$need" ] || printf '%s\n' "$need"
}
ready=
for fe in $ok_frontends; do
	mixed='mixed-baseline mixed-harden'
	[ -n "$pairs" ] || mixed=
	if [ "$fe" = autoconf ] && [ -n "$mixed" ] && ! grep -q harden_cv_cxx_ "$repo/m4/harden.m4"; then
		say "leaving out the Autoconf mixed C/C++ projects: m4/harden.m4 does not probe C++ (no harden_cv_cxx_)"
		mixed=
	fi
	based=
	if [ -n "$base_commit" ]; then
		lack=$(base_lacks "$fe")
		if [ -n "$lack" ]; then
			say "leaving out $fe's baseline variants: $base_short has no $lack"
		else
			based=base-harden
			if [ -z "$mixed" ]; then
				:	# nothing to compare a base-mixed-harden with
			elif [ "$fe" = autoconf ] && ! grep -q harden_cv_cxx_ "$scratch/base-tree/m4/harden.m4"; then
				say "leaving out autoconf-base-mixed-harden: m4/harden.m4 of $base_short does not probe C++ (no harden_cv_cxx_)"
			else
				based="$based base-mixed-harden"
			fi
		fi
	fi
	for va in baseline harden anchor $mixed $based; do
		if "${fe}_project" "$va"; then ready="$ready $fe-$va"; else say "leaving out $fe-$va"; fi
	done
done

# ---------------------------------------------------------------- environment
first() { "$@" 2>&1 | sed -n '/./{p;q;}'; }
{
	echo "configure-time: harden's standard level against per-flag checks of the same 12 flags"
	echo "date:       $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "machine:    $(uname -srm), nproc $(nproc 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
	echo "harden:     $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?'), driver $(first sh "$repo/catalog/harden-flags" --version)"
	[ -z "$base_commit" ] ||
		echo "baseline:   $base_short (--baseline=$baseline), driver $(if [ -r "$scratch/base-tree/catalog/harden-flags" ]; then first sh "$scratch/base-tree/catalog/harden-flags" --version; else echo '?'; fi)"
	for cc in $ok_ccs; do printf '%-11s %s\n' "$cc:" "$(first "$cc" --version)"; done
	for p in $pairs; do printf '%-11s %s (mixed projects with %s)\n' "${p#*:}:" "$(first "${p#*:}" --version)" "${p%%:*}"; done
	for f in $ok_frontends; do
		case $f in
		autoconf) echo "autoconf:   $(first autoconf --version) (aclocal of $(first automake --version)), autoconf-archive $(dpkg-query -W -f='${Version}' autoconf-archive 2>/dev/null || echo '?')" ;;
		meson) echo "meson:      $(first meson --version), ninja $(first ninja --version)" ;;
		cmake) echo "cmake:      $(first cmake --version), generator Ninja" ;;
		esac
	done
	echo "python3:    $(first python3 --version)"
	echo "flags:      compile: $compile_flags"
	echo "            link:    $link_flags"
	echo "builds:     Autoconf default CFLAGS (-g -O2); Meson buildtype=debugoptimized; CMake RelWithDebInfo"
}

# ---------------------------------------------------------------- timing
export PYTHONIOENCODING=utf-8
here=$(cd "$repo" && git describe --always --dirty 2>/dev/null || echo current)
python3 - "$scratch" "$rounds" "$seed" "$ok_ccs" "$ok_frontends" "$ready" "$pairs" "$base_short" "$here" <<'PY'
import ctypes, glob, os, random, re, resource, shutil, statistics, subprocess, sys, time

scratch, rounds, seed, ccs, frontends, ready, pairs, base, here = sys.argv[1:10]
rounds = int(rounds)
ccs, frontends, ready = ccs.split(), frontends.split(), set(ready.split())
CXX = dict(p.split(":", 1) for p in pairs.split())   # cc -> its C++ compiler, for the mixed projects
seed = int(seed) if seed else random.SystemRandom().randrange(1 << 30)
rng = random.Random(seed)
VARIANTS = ("baseline", "harden", "anchor")
MIXED = ("mixed-baseline", "mixed-harden")
# --baseline: harden and mixed-harden with harden of the older tree (base, its short hash)
BASE = ("base-harden", "base-mixed-harden") if base else ()
MIXED_GOAL = 1.5                 # mixed harden added <= 1.5 * C-only harden added (issue 17)
GOAL = {"autoconf": 4, "meson": 2, "cmake": 4}   # harden added <= anchor added / GOAL
NAMES = {"autoconf": "Autoconf", "meson": "Meson", "cmake": "CMake"}
ANCHORS = {"autoconf": "AX_APPEND_COMPILE_FLAGS/AX_APPEND_LINK_FLAGS",
           "meson": "get_supported_arguments/get_supported_link_arguments",
           "cmake": "check_c_compiler_flag/check_linker_flag"}

def kind(v):
    """The variant a base-* variant measures with the older harden: base-harden -> harden."""
    return v[len("base-"):] if v.startswith("base-") else v

def err(*a):
    print("configure-time:", *a, file=sys.stderr, flush=True)

print(f"seed:       {seed} (--seed={seed} repeats the order)")
print(f"rounds:     {rounds} timed, after 1 untimed warm-up; all configures of a round in random order")
print(flush=True)

jobs = [(f, cc, v) for f in frontends for cc in ccs for v in VARIANTS + MIXED + BASE
        if f"{f}-{v}" in ready and (kind(v) in VARIANTS or cc in CXX)]
broken = {}                      # job -> log path of the failure
fresh = {j: [] for j in jobs}    # seconds
fresh_cpu = {j: [] for j in jobs}   # user+sys seconds of the configure and its children
reconf = {j: [] for j in jobs}
raw = []                         # every timed configure, for times.csv
rnd_now = 0
runs = {j: [] for j in jobs}     # harden's compiler runs for C: (fresh, reconfigure)
runs_cxx = {j: [] for j in jobs} # the same for C++ (mixed-harden)
notes = {}                       # job -> what it configured (from the warm-up)
counter = 0

def commands(f, cc, v, b):
    src = os.path.join(scratch, "src", f"{f}-{v}")
    env = dict(os.environ)
    mixed = kind(v) in MIXED
    if f == "autoconf":
        first = [os.path.join(src, "configure"), f"CC={cc}"] + ([f"CXX={CXX[cc]}"] if mixed else [])
        # the cached reconfigure: a first -C run writes config.cache (not
        # timed), the second one reads it
        prep = [first + ["-C"]]
        again = first + ["-C"]
    elif f == "meson":
        env["CC"] = cc
        if mixed:
            env["CXX"] = CXX[cc]
        first = ["meson", "setup", b, src]
        prep = []
        again = ["meson", "setup", "--reconfigure", b, src]
    else:
        env["CC"] = cc
        if mixed:
            env["CXX"] = CXX[cc]
        first = ["cmake", "-G", "Ninja", "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-S", src, "-B", b]
        prep = []
        again = ["cmake", "-S", src, "-B", b]
    return env, first, prep, again

# Meson's C++ probe runs in a background process that the configure does not
# wait for (meson/meson.build: it waits for its status file): its parent ends
# first, and its CPU time would reach no one's RUSAGE_CHILDREN.  As a child
# subreaper (Linux 3.4, prctl PR_SET_CHILD_SUBREAPER = 36) this process gets
# such orphans and reaps them after each configure, so their CPU time counts.
try:
    SUBREAPER = ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
except (OSError, AttributeError):
    SUBREAPER = False

def reap():
    """Wait for the orphans the last configure left (at most 5 s)."""
    deadline = time.monotonic() + 5
    while SUBREAPER:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)

def run(cmd, cwd, env, log):
    with open(log, "ab") as out:
        out.write(("\n$ " + " ".join(cmd) + "\n").encode())
        out.flush()
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        rc = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=out, stderr=subprocess.STDOUT).returncode
        t = time.perf_counter() - t0
        reap()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
        return rc, t, cpu

def read(path):
    try:
        with open(path, errors="replace") as fh:
            return fh.read()
    except OSError:
        return None

def harden_runs(f, b, log_text, since, lang="c"):
    """harden's compiler runs for LANG (c or cxx) in the configure that just ran (started at
    time.time() since), or None."""
    if f == "autoconf":
        text = read(os.path.join(b, "config.log"))
        if text is None:
            return None
        if lang == "cxx":
            # harden.m4 says 'harden-flags (C++): N compiler runs' for C++
            m = re.findall(r"\(C\+\+\): (\d+) compiler runs?\b", text)
            return int(m[-1]) if m else None
        text = "\n".join(l for l in text.splitlines() if "(C++)" not in l)
        m = re.findall(r"(\d+) compiler runs?\b", text) or \
            re.findall(r"(?:^|[^A-Za-z0-9_])runs=(\d+)", text, re.M)
        if m:
            return int(m[-1])
        # the driver's --log lines: "harden-flags: COMMAND..." (readelf is no compiler run)
        lines = [l for l in text.splitlines() if l.startswith("harden-flags: ")]
        cmds = [l.split()[1] if len(l.split()) > 1 else "" for l in lines]
        return sum(1 for c in cmds if "readelf" not in os.path.basename(c)) if lines else None
    name = "harden-report-cxx.txt" if lang == "cxx" else "harden-report.txt"
    if f == "meson":
        reports = glob.glob(os.path.join(b, "subprojects", "harden*", name))
    else:
        reports = [os.path.join(b, name)]
    for r in reports:
        try:
            if os.path.getmtime(r) < since - 1:
                continue        # not written by this configure
        except OSError:
            continue
        m = re.search(r"^runs=(\d+)", read(r) or "", re.M)
        if m:
            return int(m.group(1))
    if lang == "cxx":
        return None
    m = re.findall(r"(\d+) compiler runs?\b", log_text)
    return int(m[-1]) if m else None

def describe(f, v, b, log_text):
    """One line on what the configure found, to show the variants did their work."""
    if v == "anchor":
        if f == "autoconf":
            text = read(os.path.join(b, "config.log")) or ""
            got = []
            for var in ("ANCHOR_CFLAGS", "ANCHOR_LDFLAGS"):
                m = re.search(rf"^{var}='([^']*)'", text, re.M)
                got += m.group(1).split() if m else []
        else:
            m = re.findall(r"anchor-accepted: ?(.*)", log_text)
            got = m[-1].split() if m else []
        return f"{len(got)} of 12 accepted: {' '.join(got)}"
    if kind(v) in ("harden", "mixed-harden"):
        out = []
        for lang in (("c", "cxx") if kind(v) == "mixed-harden" else ("c",)):
            label = "C++ enabled: " if lang == "cxx" else "enabled: "
            if f == "autoconf":
                text = read(os.path.join(b, "config.log")) or ""
                var = "HARDEN_CXX_ENABLED" if lang == "cxx" else "HARDEN_ENABLED"
                m = re.search(rf"^{var}='([^']*)'", text, re.M)
                out.append(label + ((m.group(1) or "(none)") if m else "?"))
                continue
            name = "harden-report-cxx.txt" if lang == "cxx" else "harden-report.txt"
            rep = glob.glob(os.path.join(b, "subprojects", "harden*", name)) if f == "meson" \
                else [os.path.join(b, name)]
            for r in rep:
                m = re.search(r"^enabled=(.*)$", read(r) or "", re.M)
                if m:
                    out.append(label + (m.group(1) or "(none)"))
                    break
            else:
                out.append(label + f"? (no {name})")
        return "; ".join(out)
    return ""

def job_run(job, timed):
    global counter
    f, cc, v = job
    counter += 1
    name = f"{f}-{re.sub(r'[^A-Za-z0-9._+-]', '_', cc)}-{v}"
    b = os.path.join(scratch, "build", f"{name}-{counter}")
    os.makedirs(b)
    log = os.path.join(scratch, "logs", f"{name}.log")
    env, first, prep, again = commands(f, cc, v, b)
    start = os.path.getsize(log) if os.path.exists(log) else 0
    since = time.time()
    rc, t, cpu = run(first, b, env, log)
    if rc != 0:
        broken[job] = log
        err(f"{f} {cc} {v}: configure failed (exit {rc}); log {log}:")
        for line in (read(log) or "").splitlines()[-6:]:
            err("  " + line)
        shutil.rmtree(b, ignore_errors=True)
        return
    text = (read(log) or "")[start:]
    hardened = kind(v) in ("harden", "mixed-harden")
    langs = ("c", "cxx") if kind(v) == "mixed-harden" else ("c",)
    r1 = {lang: harden_runs(f, b, text, since, lang) for lang in langs} if hardened else {}
    if not timed:
        notes[job] = describe(f, v, b, text)
        if hardened:
            notes[job] += "; runs=" + "+".join("?" if r1[lang] is None else str(r1[lang]) for lang in langs)
    if timed:
        fresh[job].append(t)
        fresh_cpu[job].append(cpu)
        raw.append((rnd_now, f, cc, v, 'fresh', t, cpu))
    if v != "anchor" and timed:
        for cmd in prep:
            run(cmd, b, env, log)
        start = os.path.getsize(log)
        since = time.time()
        rc, t2, cpu2 = run(again, b, env, log)
        if rc == 0:
            reconf[job].append(t2)
            raw.append((rnd_now, f, cc, v, 'reconfigure', t2, cpu2))
            for lang in r1:
                r2 = harden_runs(f, b, (read(log) or "")[start:], since, lang)
                if r2 is None and r1[lang] is not None and f == "autoconf":
                    r2 = 0      # config.log is new and nothing of harden's ran at all
                (runs_cxx if lang == "cxx" else runs)[job].append((r1[lang], r2))
        else:
            err(f"{f} {cc} {v}: reconfigure failed (exit {rc}); log {log}")
    shutil.rmtree(b, ignore_errors=True)

def load1():
    try:
        return float(open("/proc/loadavg").read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0

t_start = time.perf_counter()
max_load = load1()
for rnd in range(0, rounds + 1):
    max_load = max(max_load, load1())
    order = [j for j in jobs if j not in broken]
    rng.shuffle(order)
    err(f"round {rnd}/{rounds}" + (" (warm-up, not timed)" if rnd == 0 else "")
        + f": {len(order)} configures, {time.perf_counter() - t_start:.0f} s so far, load average "
        + " ".join(open("/proc/loadavg").read().split()[0:3]))
    rnd_now = rnd
    for job in order:
        job_run(job, rnd > 0)

def med(xs):
    return statistics.median(xs) if xs else None

def s(x, sign=False):
    if x is None:
        return "-"
    return f"{x:+.2f} s" if sign else f"{x:.2f} s"

def ratio(anchor_added, harden_added):
    if anchor_added is None or harden_added is None:
        return "-"
    if harden_added <= 0.005:
        return "harden adds ~0"
    r = anchor_added / harden_added
    return f"{r:.1f}× faster" if r >= 1 else f"{r:.1f}× (slower)"

print("What each configure found (warm-up round):")
vw = max([12] + [len(v) for v in BASE])     # 12: mixed-harden, the longest with notes
for f in frontends:
    for cc in ccs:
        for v in VARIANTS + MIXED + BASE:
            j = (f, cc, v)
            if j in notes and notes[j]:
                print(f"  {NAMES[f]:8} {cc:6} {v:{vw}} {notes[j]}")
            elif j in broken:
                print(f"  {NAMES[f]:8} {cc:6} {v:{vw}} FAILED (log: {broken[j]})")
print()

print(f"Fresh configure: medians of {rounds}; added = median - median(baseline)")
hdr = (f"{'frontend':9} {'cc':6} {'baseline':>8} {'harden':>8} {'anchor':>8} {'harden added':>13} "
       f"{'anchor added':>13}  {'harden vs anchor':<18} goal")
print(hdr)
print("-" * (len(hdr) + 12))
verdicts = []
for f in frontends:
    for cc in ccs:
        m = {v: med(fresh.get((f, cc, v), [])) for v in VARIANTS}
        failed = [v for v in VARIANTS if (f, cc, v) in broken or not fresh.get((f, cc, v))]
        b = m["baseline"]
        ha = m["harden"] - b if m["harden"] is not None and b is not None else None
        aa = m["anchor"] - b if m["anchor"] is not None and b is not None else None
        if ha is not None and aa is not None:
            need = aa / GOAL[f]
            goal = ("met" if ha <= need else "MISSED") + f" (≤ 1/{GOAL[f]})"
            verdicts.append(f"{NAMES[f]} {cc}: harden adds {ha:+.2f} s, the goal is ≤ {need:+.2f} s "
                            f"(1/{GOAL[f]} of the anchor's {aa:+.2f} s): "
                            + ("met" if ha <= need else f"missed by {ha - need:.2f} s"))
        else:
            goal = "not measured"
            verdicts.append(f"{NAMES[f]} {cc}: not measured (" + ", ".join(f"{v} failed" for v in failed) + ")")
        print(f"{NAMES[f]:9} {cc:6} {s(m['baseline']):>8} {s(m['harden']):>8} {s(m['anchor']):>8} "
              f"{s(ha, True):>13} {s(aa, True):>13}  {ratio(aa, ha):<18} {goal}")
print()
print("Goal of issue 8 (harden's added time at most 1/2 of Meson's per-flag anchor, 1/4 of Autoconf's and CMake's):")
for line in verdicts:
    print("  " + line)
print()
print("Anchors: " + "; ".join(f"{NAMES[f]} {ANCHORS[f]}" for f in frontends))
print("Spread (min-max) of the fresh configures:")
for f in frontends:
    for cc in ccs:
        parts = []
        for v in VARIANTS + tuple(v for v in MIXED + BASE if (f, cc, v) in fresh):
            xs = fresh.get((f, cc, v), [])
            parts.append(f"{v} {min(xs):.2f}-{max(xs):.2f}" if xs else f"{v} -")
        print(f"  {NAMES[f]:9} {cc:6} " + ", ".join(parts))
print()

print("CPU time (user+sys of configure and everything it ran; less sensitive to other load on the")
print("machine, blind to parallelism): medians; added = median - median(baseline)")
hdr = f"{'frontend':9} {'cc':6} {'baseline':>8} {'harden added':>13} {'anchor added':>13} {'mixed added':>12}"
print(hdr)
print("-" * len(hdr))
for f in frontends:
    for cc in ccs:
        m = {v: med(fresh_cpu.get((f, cc, v), [])) for v in VARIANTS + MIXED}
        b = m["baseline"]
        add = {v: (m[v] - b if m[v] is not None and b is not None else None) for v in ("harden", "anchor")}
        mb, mh = m["mixed-baseline"], m["mixed-harden"]
        add["mixed"] = mh - mb if mh is not None and mb is not None else None
        print(f"{NAMES[f]:9} {cc:6} {s(b):>8} {s(add['harden'], True):>13} {s(add['anchor'], True):>13} "
              f"{s(add['mixed'], True):>12}")
print("(mixed added: the mixed project's harden minus its baseline)")
if not SUBREAPER:
    print("(not a child subreaper here: Meson's background C++ probe is left out of its CPU time)")
print()

with open(os.path.join(scratch, "times.csv"), "w") as fh:
    fh.write("round,frontend,cc,variant,kind,wall_s,cpu_s\n")
    for row in raw:
        fh.write(",".join(str(x) if not isinstance(x, float) else f"{x:.4f}" for x in row) + "\n")

def rs(pairs, i):
    vals = [p[i] for p in pairs]
    if not vals:
        return "-"
    if any(x is None for x in vals):
        return "?"
    lo, hi = min(vals), max(vals)
    return str(lo) if lo == hi else f"{lo}-{hi}"

print(f"Cached reconfigure (Autoconf: ./configure -C a second time; Meson: meson setup --reconfigure;")
print(f"CMake: cmake again on the same build directory): medians of {rounds}; harden's compiler runs")
hdr = f"{'frontend':9} {'cc':6} {'baseline':>9} {'harden':>9} {'added':>9}  {'runs fresh':>10} {'runs reconfigure':>16}"
print(hdr)
print("-" * len(hdr))
for f in frontends:
    for cc in ccs:
        b = med(reconf.get((f, cc, "baseline"), []))
        h = med(reconf.get((f, cc, "harden"), []))
        add = h - b if h is not None and b is not None else None
        p = runs.get((f, cc, "harden"), [])
        print(f"{NAMES[f]:9} {cc:6} {s(b):>9} {s(h):>9} {s(add, True):>9}  {rs(p, 0):>10} {rs(p, 1):>16}")
print()
print("runs: ? = harden reported no count (Autoconf: no runs= or harden-flags: line in config.log;")
print("Meson and CMake: no runs= line in a harden-report.txt written by that configure).")
print("The goal for a cached reconfigure: 0 runs.")
print()

mixed_rows = [(f, cc) for f in frontends for cc in ccs
              if cc in CXX and any((f, cc, v) in fresh for v in MIXED)]
if mixed_rows:
    print("Mixed C and C++ project (a C and a C++ program, each with its language's flags): fresh configure,")
    print(f"medians of {rounds}; mixed added = median(mixed-harden) - median(mixed-baseline), C-only added =")
    print(f"harden added above; goal of issue 17: mixed added at most {MIXED_GOAL}× C-only added; cpu ratio:")
    print("the same ratio of the CPU times (blind to the C and C++ probes running at the same time)")
    hdr = (f"{'frontend':9} {'cc':6} {'cxx':8} {'baseline':>8} {'harden':>8} {'mixed added':>12} "
           f"{'C-only added':>13} {'ratio':>6} {'cpu ratio':>9}  goal")
    print(hdr)
    print("-" * (len(hdr) + 14))
    mixed_verdicts = []
    for f, cc in mixed_rows:
        mb = med(fresh.get((f, cc, "mixed-baseline"), []))
        mh = med(fresh.get((f, cc, "mixed-harden"), []))
        b = med(fresh.get((f, cc, "baseline"), []))
        h = med(fresh.get((f, cc, "harden"), []))
        ma = mh - mb if mh is not None and mb is not None else None
        ca = h - b if h is not None and b is not None else None
        cpu = {v: med(fresh_cpu.get((f, cc, v), [])) for v in VARIANTS + MIXED}
        if None in (cpu["baseline"], cpu["harden"], cpu["mixed-baseline"], cpu["mixed-harden"]) \
                or cpu["harden"] - cpu["baseline"] <= 0.005:
            cr = "-"
        else:
            cr = f"{(cpu['mixed-harden'] - cpu['mixed-baseline']) / (cpu['harden'] - cpu['baseline']):.2f}"
        if ma is None or ca is None:
            r, goal = "-", "not measured"
        elif ca <= 0.005:
            r, goal = "-", "C-only adds ~0"
        else:
            r = f"{ma / ca:.2f}"
            goal = ("met" if ma <= MIXED_GOAL * ca else "MISSED") + f" (≤ {MIXED_GOAL}×)"
            mixed_verdicts.append(f"{NAMES[f]} {cc}/{CXX[cc]}: mixed adds {ma:+.2f} s, the goal is ≤ "
                                  f"{MIXED_GOAL * ca:+.2f} s ({MIXED_GOAL}× the C-only {ca:+.2f} s): "
                                  + ("met" if ma <= MIXED_GOAL * ca else
                                     f"missed by {ma - MIXED_GOAL * ca:.2f} s"))
        print(f"{NAMES[f]:9} {cc:6} {CXX[cc]:8} {s(mb):>8} {s(mh):>8} {s(ma, True):>12} {s(ca, True):>13} "
              f"{r:>6} {cr:>9}  {goal}")
    for line in mixed_verdicts:
        print("  " + line)
    print()
    print(f"Mixed project, cached reconfigure (as above): medians of {rounds}; harden's compiler runs, C and C++")
    hdr = (f"{'frontend':9} {'cc':6} {'cxx':8} {'baseline':>9} {'harden':>9} {'added':>9}  "
           f"{'runs fresh C/C++':>16} {'runs reconfigure C/C++':>22}")
    print(hdr)
    print("-" * len(hdr))
    for f, cc in mixed_rows:
        b = med(reconf.get((f, cc, "mixed-baseline"), []))
        h = med(reconf.get((f, cc, "mixed-harden"), []))
        add = h - b if h is not None and b is not None else None
        pc, px = runs.get((f, cc, "mixed-harden"), []), runs_cxx.get((f, cc, "mixed-harden"), [])
        print(f"{NAMES[f]:9} {cc:6} {CXX[cc]:8} {s(b):>9} {s(h):>9} {s(add, True):>9}  "
              f"{rs(pc, 0) + ' / ' + rs(px, 0):>16} {rs(pc, 1) + ' / ' + rs(px, 1):>22}")
    print("(C++ runs: runs= of harden-report-cxx.txt; Autoconf: 'harden-flags (C++): N compiler runs' in config.log)")
    print()
if BASE:
    # The same projects with two hardens, in the same rounds: the difference is the change's,
    # not the machine's mood between two runs.
    def added(f, cc, v, b, table):
        x, y = med(table.get((f, cc, v), [])), med(table.get((f, cc, b), []))
        return x - y if x is not None and y is not None else None

    def mixed_ratio(ma, ca):
        return f"{ma / ca:.2f}" if ma is not None and ca is not None and ca > 0.005 else "-"

    base_rows = [(f, cc) for f in frontends for cc in ccs
                 if any((f, cc, v) in fresh for v in BASE)]
    print(f"Before and after: harden as of {base} (--baseline) and of the current tree ({here}), in the same")
    print(f"rounds; fresh configure, medians of {rounds}. C-only added = median(harden) - median(baseline), mixed")
    print("added = median(mixed-harden) - median(mixed-baseline), the baselines shared by both trees; ratio = mixed")
    print(f"added / C-only added (goal of issue 17: at most {MIXED_GOAL}); cpu: the same differences of the CPU times;")
    print("runs: harden's compiler runs in the fresh configure, C-only project (C) and mixed project (C / C++)")
    trees = ((f"before {base}", "base-harden", "base-mixed-harden"), (f"after {here}", "harden", "mixed-harden"))
    hw = max(len(t[0]) for t in trees)
    hdr = (f"{'frontend':9} {'cc':6} {'cxx':8} {'harden':{hw}} {'C-only added':>13} {'mixed added':>12} {'ratio':>6} "
           f"{'cpu C-only':>11} {'cpu mixed':>10}  {'runs C':>6}  {'runs mixed C/C++':>16}")
    print(hdr)
    print("-" * len(hdr))
    changes = []
    for f, cc in base_rows:
        got = []
        for label, hv, mv in trees:
            ca = added(f, cc, hv, "baseline", fresh)
            ma = added(f, cc, mv, "mixed-baseline", fresh)
            cca = added(f, cc, hv, "baseline", fresh_cpu)
            cma = added(f, cc, mv, "mixed-baseline", fresh_cpu)
            mixed_runs = (rs(runs.get((f, cc, mv), []), 0) + " / " + rs(runs_cxx.get((f, cc, mv), []), 0)
                          if (f, cc, mv) in fresh else "-")
            got.append((ca, ma, mixed_ratio(ma, ca)))
            print(f"{NAMES[f]:9} {cc:6} {CXX.get(cc, '-'):8} {label:{hw}} {s(ca, True):>13} {s(ma, True):>12} "
                  f"{mixed_ratio(ma, ca):>6} {s(cca, True):>11} {s(cma, True):>10}  "
                  f"{rs(runs.get((f, cc, hv), []), 0):>6}  {mixed_runs:>16}")
        (cb, mb, rb), (cn, mn, rn) = got
        if mb is not None and mn is not None:
            changes.append(f"{NAMES[f]} {cc}/{CXX[cc]}: mixed added {mb:+.2f} s → {mn:+.2f} s ({mn - mb:+.2f} s), "
                           f"ratio {rb} → {rn}")
        elif cb is not None and cn is not None:
            changes.append(f"{NAMES[f]} {cc}: C-only added {cb:+.2f} s → {cn:+.2f} s ({cn - cb:+.2f} s)")
    for line in changes:
        print("  " + line)
    print("(a difference smaller than the spread of the fresh configures above is noise: more --rounds)")
    print()
print(f"Total time {time.perf_counter() - t_start:.0f} s; load average at the end "
      + " ".join(open("/proc/loadavg").read().split()[0:3]))
max_load = max(max_load, load1())
if max_load > 2:
    print(f"Note: the 1-minute load average reached {max_load:.1f} on {os.cpu_count()} CPUs, while this benchmark")
    print("runs one configure at a time: other work was running, so the times are longer and noisier.")
    print("Look at the spread and the CPU times, or run again on a quiet machine.")
if broken:
    print("Failed: " + ", ".join(f"{f} {cc} {v}" for (f, cc, v) in broken) + f" (logs in {scratch}/logs, kept)")
    open(os.path.join(scratch, "failed"), "w").close()
PY
