#!/bin/sh
# The version is in one place, the file VERSION, and every frontend reports
# it: harden-flags --version and its report (source tree and installed),
# configure's HARDEN_VERSION, the Meson dependency variable version, CMake's
# HARDEN_VERSION (add_subdirectory) and Harden_VERSION (find_package),
# harden-tools.pc and harden-flags.pc; NEWS has an entry for it, and
# make dist names the tarball after it.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc make meson ninja cmake pkg-config readelf
v=$(installed_version)
case $v in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "VERSION holds '$v'" ;; esac
is() { [ "$2" = "$v" ] || fail "$1 says '$2', VERSION says '$v'"; }

is "catalog/harden-flags --version" "$(sh "$S/catalog/harden-flags" --version | sed 's/^harden-flags //')"
is "the driver's report" "$(CFLAGS=-O2 sh "$S/catalog/harden-flags" --report | sed -n 's/^version=//p')"
grep -qx "\* $v" "$S/NEWS" || fail "NEWS has no entry '* $v'"

installed_prefix
is "installed harden-flags --version" "$("$P/bin/harden-flags" --version | sed 's/^harden-flags //')"
is "the installed catalog's harden-flags" "$("$P/share/harden/harden-flags" --version | sed 's/^harden-flags //')"
is "installed harden-cost --version" "$("$P/bin/harden-cost" --version | sed 's/^harden-cost //')"
is harden-tools.pc "$(PKG_CONFIG_PATH=$P/share/pkgconfig pkg-config --modversion harden-tools)"
is "harden-tools.pc version" "$(PKG_CONFIG_PATH=$P/share/pkgconfig pkg-config --variable=version harden-tools)"
mkdir -p "$T/pc" && "$P/bin/harden-flags" --pc >"$T/pc/harden-flags.pc"
is harden-flags.pc "$(PKG_CONFIG_PATH=$T/pc pkg-config --modversion harden-flags)"

# Autoconf: the copy of the driver embedded in harden.m4 carries the version
# (configure only: tests/autoconf/small has HARDEN_CHECK and HARDEN_VERSION).
autotools_small "$T/at" CC=gcc || fail "configure failed: $(tail -n 5 "$T/at/configure.out")"
is "configure's HARDEN_VERSION" "$(subst "$T/at" HARDEN_VERSION)"
is "configure's harden-report.txt" "$(report_key "$T/at/harden-report.txt" version)"

# Meson: project(version: files('VERSION')), the dependency variable.
meson_parent_with_copy "$T/mp"
cat >>"$T/mp/meson.build" <<'EOW'
configure_file(output: 'version.txt', input: files('version.txt.in'),
  configuration: {'V': harden_dep.get_variable('version', default_value: ''),
                  'W': harden_exe_dep.get_variable('version', default_value: ''),
                  'X': harden_dep.version()})
EOW
echo '@V@ @W@ @X@' >"$T/mp/version.txt.in"
CC=gcc meson_setup "$T/mp" "$T/mb"
[ "$(cat "$T/mb/version.txt")" = "$v $v $v" ] || fail "Meson: version variables '$(cat "$T/mb/version.txt")', not $v"

# CMake: add_subdirectory (HARDEN_VERSION) and find_package (Harden_VERSION).
mkdir -p "$T/cp"
cat >"$T/cp/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(v C)
if(FROM_PREFIX)
  find_package(Harden $v EXACT REQUIRED)
else()
  add_subdirectory("$S" harden)
endif()
file(WRITE "\${CMAKE_BINARY_DIR}/version.txt" "\${Harden_VERSION} \${HARDEN_VERSION}\n")
EOT
CC=gcc cmake_configure "$T/cb1" "$T/cp"
[ "$(cat "$T/cb1/version.txt")" = " $v" ] || fail "CMake add_subdirectory: '$(cat "$T/cb1/version.txt")', not ' $v'"
CC=gcc cmake_configure "$T/cb2" "$T/cp" -DFROM_PREFIX=ON -DCMAKE_PREFIX_PATH="$P"
[ "$(cat "$T/cb2/version.txt")" = "$v $v" ] || fail "CMake find_package: '$(cat "$T/cb2/version.txt")', not '$v $v'"
grep -q "^project(Harden VERSION \${_harden_version}" "$S/CMakeLists.txt" || fail "CMakeLists.txt has a version of its own"

run "$T/dist.log" sh "$S/meson/dist.sh" "$T/dist"
[ -f "$T/dist/harden-$v.tar.gz" ] || fail "the release tarball is not harden-$v.tar.gz: $(ls "$T/dist")"
exit 0
