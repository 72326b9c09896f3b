#!/bin/sh
# build.sh - tools/ builds warning-free (-Wall -Wextra -Werror, also
# -Wconversion -Wshadow) with gcc and clang, out of tree with
# make -C tools O=dir, also with the project's hardening flags; the
# hardened build then proves its own hardening with --expect.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

W="-Wall -Wextra -Wconversion -Wshadow -Wstrict-prototypes -Werror"
: >"$T/stamp"		# objects newer than this were written by these builds
HARD="-O2 -D_FORTIFY_SOURCE=3 -fstack-protector-strong -fstack-clash-protection -fPIE -frecord-gcc-switches"
for cc in ${HARDEN_GCC:-gcc} ${HARDEN_CLANG:-clang}; do
	have "$cc" || fail "$cc not installed"
	for mode in plain hardened; do
		o=$T/$cc-$mode
		mkdir -p "$o"
		if [ $mode = plain ]; then
			set -- CFLAGS="-O2 $W" LDFLAGS=
		else
			set -- CFLAGS="$HARD $W" LDFLAGS="-pie -Wl,-z,relro,-z,now -Wl,-z,noexecstack"
		fi
		make -j2 -C "$HARDEN_SRCDIR/tools" O="$o" CC="$cc" "$@" \
		    "$o/harden-audit" "$o/fuzz-elf" CPPFLAGS=-DFUZZ_DRIVER \
		    >"$o/log" 2>&1 || { cat "$o/log" >&2; fail "$cc $mode build failed"; }
		grep -i 'warning' "$o/log" && fail "$cc $mode: warnings"
	done
	# The hardened build audits itself.
	feats=pie,relro,bind-now,noexecstack,stack-protector,fortify-source,stack-clash-protection
	"$T/$cc-hardened/harden-audit" -q -e "$feats" "$T/$cc-hardened/harden-audit" ||
		fail "$cc hardened build does not prove $feats"
done
# Nothing was written into the source tree (objects left there by an
# in-tree make are not this test's business).
[ -z "$(find "$HARDEN_SRCDIR/tools" -name '*.o' -newer "$T/stamp")" ] ||
	fail "objects in tools/"
echo "build: ok"
exit 0
