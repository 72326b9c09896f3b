#!/bin/sh
# Installs, on Debian 12 as root, the packages the examples and the tests
# use that are not there yet; does nothing when all are installed.
packages="gcc g++ make autoconf automake libtool autopoint pkgconf meson ninja-build
 cmake clang clang-19 gcc-11 g++-11 libc++-19-dev libc++abi-19-dev tcc musl-tools lld binutils git python3
 checksec devscripts libclang-rt-14-dev gcc-aarch64-linux-gnu valgrind
 mold qemu-user gcc-mingw-w64-x86-64 wine wine64 gfortran"
missing=
for p in $packages; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages:$missing (run as root to install them)" >&2
	exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq $missing >/dev/null
