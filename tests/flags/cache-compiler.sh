# The cache key is the compiler's identity: every program word of CC (a
# wrapper prefix and the compiler), each followed through its symlinks.
# cc switched from gcc to clang, or a compiler behind a wrapper that is
# replaced, is probed again; an unchanged one runs no compiler.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang
H="$S/catalog/harden-flags"
mkdir bin alt
ln -s "$(command -v gcc)" alt/cc
ln -s ../alt/cc bin/cc
export PATH="$T/bin:$PATH" CFLAGS=-O2
CC=cc sh "$H" --cache=c --level=strict >gcc.report || fail "gcc failed"
CC=cc sh "$H" --cache=c --level=strict >again && [ "$(report_key again runs)" = 0 ] ||
	fail "unchanged: probed again"
# update-alternatives: the second link of the chain now names clang.
sleep 1
ln -sf "$(command -v clang)" alt/cc
CC=cc sh "$H" --cache=c --level=strict >clang.report || fail "clang failed"
[ "$(report_key clang.report runs)" -gt 0 ] || fail "cc switched to clang: the cache was used"
CC=clang sh "$H" --level=strict >want || fail "clang itself failed"
grep '^feature' want >a; grep '^feature' clang.report >b
diff a b || fail "cc as clang: not clang's report"
# A wrapper prefix: the compiler after it counts too.
cat >wrap <<'EOF2'
#!/bin/sh
exec "$@"
EOF2
chmod +x wrap
CC="$T/wrap cc" sh "$H" --cache=w >first || fail "wrapped cc failed"
sleep 1
ln -sf "$(command -v gcc)" alt/cc
CC="$T/wrap cc" sh "$H" --cache=w >second || fail "wrapped cc failed"
[ "$(report_key second runs)" -gt 0 ] || fail "the compiler behind the wrapper changed: the cache was used"
sleep 1
touch wrap
CC="$T/wrap cc" sh "$H" --cache=w >third || fail "wrapped cc failed"
[ "$(report_key third runs)" -gt 0 ] || fail "the wrapper changed: the cache was used"
echo ok
