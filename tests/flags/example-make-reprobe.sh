# examples/make probes again when its inputs change: after make CFLAGS=-O0
# (no fortify: it needs optimisation), make CFLAGS=-O2 with --level=strict
# gets fortify and the strict features, the same harden.mk as a fresh
# probe; a third identical make runs no compiler at all.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc make
mkdir -p ex && cp -R "$S/examples/make" "$S/examples/autotools" ex/
# gcc behind a wrapper that logs each of its runs.
cat >cc <<EOS
#!/bin/sh
echo "\$*" >>"$T/cc.log"
exec gcc "\$@"
EOS
chmod +x cc
mk() { (cd ex/make && make CC="$T/cc" HARDEN="$S/catalog/harden-flags" "$@"); }
run make1.log mk CFLAGS=-O0
grep -q '^HARDEN_ENABLED.*fortify-source' ex/make/harden.mk && fail "-O0 got fortify-source"
run make2.log mk CFLAGS=-O2 HARDEN_FLAGS_ARGS=--level=strict
(cd ex/make && CC="$T/cc" CFLAGS=-O2 sh "$S/catalog/harden-flags" --level=strict --export=make) >fresh ||
	fail "harden-flags --level=strict failed"
grep '^HARDEN_' fresh | diff - ex/make/harden.mk || fail "harden.mk is not the strict probe of CFLAGS=-O2"
grep -q '^HARDEN_ENABLED.*fortify-source' ex/make/harden.mk || fail "CFLAGS=-O2: no fortify-source"
strict=$(sh "$S/catalog/harden-flags" --list=tsv | awk -F '\t' '$2 == "strict" { print $1 }')
[ -n "$strict" ] || fail "no strict feature in the catalog"
enabled=$(sed -n 's/^HARDEN_ENABLED *= *//p' ex/make/harden.mk)
found=
for f in $strict; do
	case " $enabled " in *" $f="*) found="$found $f" ;; esac
done
[ -n "$found" ] || fail "no strict feature enabled: $enabled"
note "strict features on:$found"
assert_hardened_pair ex/make/tally ex/make/libtally.so
# (Only the Makefile's own $(CC) -dumpmachine, which tells Windows apart.)
grep -vx -- -dumpmachine cc.log >before.log
run make3.log mk CFLAGS=-O2 HARDEN_FLAGS_ARGS=--level=strict
grep -vx -- -dumpmachine cc.log | cmp -s - before.log || fail "an unchanged make ran the compiler: $(diff before.log cc.log | tail -n 3)"
grep -q harden-flags make3.log && fail "an unchanged make probed again"
echo ok
