# A probe that cannot run is exit 3 with one line naming the cause, never
# a report of "no hardening", and never cached: a missing compiler, flags
# with which nothing links, no scratch directory, no readelf.  --level=none
# needs no compiler.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"

# cannot_run WHAT MESSAGE-PATTERN [VAR=VALUE...]: exit 3, the message,
# nothing on standard output, no cache.
cannot_run() {
	what=$1 pattern=$2
	shift 2
	env "$@" sh "$H" --cache=c --export=sh >out 2>err && fail "$what: exit 0"
	rc=$?
	[ $rc -eq 3 ] || fail "$what: exit $rc, not 3: $(cat err)"
	[ "$(wc -l <err)" -eq 1 ] || fail "$what: not one line: $(cat err)"
	grep -q "^harden-flags: cannot run: $pattern" err || fail "$what: message: $(cat err)"
	[ ! -s out ] || fail "$what: flags printed: $(cat out)"
	[ ! -e c ] || fail "$what: cached"
}
cannot_run "a missing compiler" "no compiler: gcc-nosuch: not found (CC=gcc-nosuch)$" \
	CC=gcc-nosuch CFLAGS=-O2
cannot_run "nothing links" "gcc cannot build a program with the builder's flags: .*cannot find -lnosuch" \
	CC=gcc CFLAGS=-O2 LDFLAGS=-lnosuch
cannot_run "a CFLAGS error" "gcc cannot [a-z ]* with the builder's flags: .*-fno-such-flag" \
	CC=gcc CFLAGS="-O2 -fno-such-flag"
cannot_run "no scratch directory" "cannot create a scratch directory in $T/nosuch$" \
	CC=gcc CFLAGS=-O2 TMPDIR="$T/nosuch"
# No readelf to read the probe (none, a wrong path, a cross readelf not
# installed) proves nothing: not "unsupported" for every ELF proof.
cannot_run "READELF=no" "no readelf to read the probe (READELF=no)$" \
	CC=gcc CFLAGS=-O2 READELF=no
cannot_run "a readelf not there" "no readelf: /nonexistent/readelf: not found (READELF=/nonexistent/readelf)$" \
	CC=gcc CFLAGS=-O2 READELF=/nonexistent/readelf
cannot_run "a cross readelf not installed" "no readelf: aarch64-nosuch-readelf: not found (READELF=aarch64-nosuch-readelf)$" \
	CC=gcc CFLAGS=-O2 READELF=aarch64-nosuch-readelf
# A run whose proofs read no ELF file needs none.
CC=gcc CFLAGS=-O2 READELF=no sh "$H" --level=none --enable-stack-clash-protection >report 2>err ||
	fail "READELF=no, no ELF proof: $(cat err)"
report_expect report stack-clash-protection "on yes"
# The first set is compiled beside the base probe: when the base fails,
# none of its compiles outlives harden-flags (a compile of assembly, slow
# here, still running would write into the removed scratch directory).
printf '#!/bin/sh\ncase " $* " in *" -S "*) sleep 1 ;; esac\nexec gcc "$@"\n' >"$T/slowcc"
chmod +x "$T/slowcc"
cannot_run "nothing links, a slow compiler" "$T/slowcc cannot build a program" \
	CC="$T/slowcc" CFLAGS=-O2 LDFLAGS=-lnosuch
pgrep -f "$T/slowcc" >/dev/null && fail "a compile outlived harden-flags: $(pgrep -af "$T/slowcc")"
# The same inputs with the problem gone: probed, not a cached failure.
CC=gcc CFLAGS=-O2 sh "$H" --cache=c >report || fail "gcc failed"
report_expect report stack-protector "on strong"
# No hardening asked for: no compiler needed.
CC=gcc-nosuch sh "$H" --level=none >report 2>err || fail "--level=none: $(cat err)"
[ "$(report_key report runs)" = 0 ] || fail "--level=none ran a compiler"
echo ok
