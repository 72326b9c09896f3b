#!/bin/sh
# A plain Makefile that speaks only pkg-config: harden-tools.pc (installed)
# gives the path of the installed harden-flags, whose --pc output, saved as
# harden-flags.pc in the build tree, gives the flags (Cflags, Libs and the
# variables exe_cflags, exe_ldflags, audit_expect).  The library and program
# are hardened, and the installed harden-audit proves them with --expect
# audit_expect.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/install/lib.sh"
need gcc readelf make pkg-config

installed_prefix
export PKG_CONFIG_PATH="$P/share/pkgconfig"
[ "$(pkg-config --modversion harden-tools)" = "$(installed_version)" ] || fail "harden-tools.pc: wrong version"
for v in aclocaldir cmakedir catalogdir harden_flags harden_audit harden_cost; do
	x=$(pkg-config --variable=$v harden-tools)
	[ -e "$x" ] || fail "harden-tools.pc: $v=$x does not exist"
done
[ -z "$(pkg-config --cflags --libs harden-tools | tr -d ' ')" ] || fail "harden-tools.pc has flags"

p=$T/proj
mkdir -p "$p"
cp "$S"/examples/autotools/src/tally.h "$S"/examples/autotools/src/tally.c "$S"/examples/autotools/src/main.c "$p"/ || exit 99
cat >"$p/Makefile" <<'EOT'
# The flags, for this compiler and these flags, as a pkg-config file.
CC = gcc
CFLAGS = -O2 -g
PKG_CONFIG_PATH := $(CURDIR)/pc:$(PKG_CONFIG_PATH)
export PKG_CONFIG_PATH
HARDEN_FLAGS := $(shell pkg-config --variable=harden_flags harden-tools)
pc = $$(pkg-config $(1) harden-flags)

all: tally libtally.so
pc/harden-flags.pc:
	mkdir -p pc
	$(HARDEN_FLAGS) CC='$(CC)' CFLAGS='$(CFLAGS)' --pc >$@
tally.lo: tally.c pc/harden-flags.pc
	$(CC) $(call pc,--cflags) $(CFLAGS) -fPIC -c -o $@ tally.c
libtally.so: tally.lo
	$(CC) $(CFLAGS) $(call pc,--libs) -shared -o $@ tally.lo
main.o: main.c pc/harden-flags.pc
	$(CC) $(call pc,--cflags) $(call pc,--variable=exe_cflags) $(CFLAGS) -c -o $@ main.c
tally: main.o libtally.so
	$(CC) $(CFLAGS) $(call pc,--libs) $(call pc,--variable=exe_ldflags) -o $@ main.o -L. -ltally
audit-expect:
	@pkg-config --variable=audit_expect harden-flags
EOT
(cd "$p" && run "$T/make.log" make)
[ "$(PKG_CONFIG_PATH=$p/pc pkg-config --variable=exe_ldflags harden-flags)" = -pie ] ||
	fail "harden-flags.pc: exe_ldflags is not -pie: $(cat "$p/pc/harden-flags.pc")"
PKG_CONFIG_PATH=$p/pc pkg-config --cflags harden-flags | grep -q -- -fstack-protector ||
	fail "harden-flags.pc: no stack protector in Cflags"
[ "$(sed -n 's/^Version: //p' "$p/pc/harden-flags.pc")" = "$(installed_version)" ] || fail "harden-flags.pc: wrong version"
assert_hardened_pair "$p/tally" "$p/libtally.so"
expect=$(cd "$p" && make -s audit-expect)
audit_installed "$P" "$expect" "$p/tally" "$p/libtally.so"
exit 0
