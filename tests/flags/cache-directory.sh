# --cache=FILE where FILE is a directory is an error naming it (exit 2),
# before any probe: a report moved into the directory would never be read
# back, so every run would probe again and leave a file there.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
H="$S/catalog/harden-flags"
printf '#!/bin/sh\ntouch "%s/probed"\nexec gcc "$@"\n' "$T" >cc
chmod +x cc
mkdir cache.d
for c in cache.d cache.d/ "$T/cache.d"; do
	CC="$T/cc" CFLAGS=-O2 sh "$H" --cache="$c" >out 2>err && fail "--cache=$c: exit 0"
	rc=$?
	[ $rc -eq 2 ] || fail "--cache=$c: exit $rc, not 2: $(cat err)"
	grep -qx "harden-flags: the cache $c is a directory" err || fail "--cache=$c: message: $(cat err)"
	[ ! -s out ] || fail "--cache=$c: printed: $(cat out)"
	[ ! -e probed ] || fail "--cache=$c: probed"
	[ -z "$(ls -A cache.d)" ] || fail "--cache=$c: left $(ls -A cache.d)"
done
echo ok
