#!/bin/sh
# The main job: builds every example hardened, with the default compilers
# and the default level, its C++ programs too (words, tallyxx), runs its
# tests, and prints what each binary really got (tools/harden-audit reads the
# ELF files).  Installs what is missing first.
#
#	sh examples/build-all.sh [BUILD-DIR]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
sh "$root/tests/install-deps.sh"
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/harden-examples.XXXXXX")}
mkdir -p "$work"
log=$work/build.log
: >"$log"
step() {
	echo "== $*"
	"$@" >>"$log" 2>&1 || { echo "failed: $* (see $log)"; tail -n 20 "$log"; exit 1; }
}
# The frontends' own summaries: configure's table, Meson's summary() section,
# CMake's CHECK_PASS/CHECK_FAIL lines; one per language.
summary() {
	awk '/^configure: hardening level/ { t = 1; print; next } t && /^  / { print; next } { t = 0 }' "$1"
	sed -n '/^  Hardening\( (C++*)\)\{0,1\}$/,/^$/p' "$1"
	grep -E '^--   [a-z-]+ - |^-- Hardening (C |C\+\+ )?\(level' "$1" || true
}

step make -C "$root/tools" O="$work/tools"
audit=$work/tools/harden-audit

echo "### Autotools (examples/autotools, m4/harden.m4)"
rm -rf "$work/autotools" && cp -R "$root/examples/autotools" "$work/autotools"
cp "$root/m4/harden.m4" "$work/autotools/m4/"
(cd "$work/autotools" && step autoreconf -fi && step ./configure --enable-cxx HARDEN_AUDIT="$audit" && step make -j2 check)
summary "$log"
"$audit" "$work/autotools/.libs/tally" "$work/autotools/.libs/libtally.so" "$work/autotools/words" "$work/autotools/tallyxx" || true

echo "### Plain Makefile (examples/make, catalog/harden-flags)"
rm -rf "$work/make-src" && mkdir -p "$work/make-src/examples" && cp -R "$root/examples/make" "$root/examples/autotools" "$work/make-src/examples/"
: >"$log"
(cd "$work/make-src/examples/make" && step make HARDEN="$root/catalog/harden-flags" HARDEN_AUDIT="$audit" CXX_PROGRAMS=yes check)
sed -n '/^  [a-z-]* *\(on\|off\|unsupported\|builder\) /p' "$log"
m=$work/make-src/examples/make
"$audit" "$m/tally" "$m/libtally.so" "$m/words" "$m/tallyxx" || true

if [ -f "$root/examples/meson/meson.build" ]; then
	echo "### Meson (examples/meson, dependency('harden'))"
	: >"$log"
	step meson setup "$work/meson" "$root/examples/meson" --buildtype=release -Dcxx=true
	step meson compile -C "$work/meson"
	step meson test -C "$work/meson"
	summary "$log"
	"$audit" "$work/meson/tally" "$(find "$work/meson" -name 'libtally.so*' -type f | head -n 1)" \
		"$work/meson/words" "$work/meson/tallyxx" || true
fi

if [ -f "$root/examples/cmake/CMakeLists.txt" ]; then
	echo "### CMake (examples/cmake, Harden::Harden)"
	: >"$log"
	step cmake -S "$root/examples/cmake" -B "$work/cmake" -DCMAKE_BUILD_TYPE=Release -DTALLY_CXX=ON
	step cmake --build "$work/cmake"
	step ctest --test-dir "$work/cmake"
	summary "$log"
	"$audit" "$work/cmake/tally" "$(find "$work/cmake" -name 'libtally.so*' -type f | head -n 1)" \
		"$work/cmake/words" "$work/cmake/tallyxx" || true
fi
echo "built in $work"
