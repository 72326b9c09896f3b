# A build directory whose path holds | ; and spaces (Automake refuses
# $ ' " itself; tests/flags/hostile-path.sh has those), with a compiler that
# warns on every run: nothing may be claimed (every step has a warning),
# and no sed or shell error may leak.  The driver never pastes a path into
# a sed, awk or eval program.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
cat >warncc <<'EOF2'
#!/bin/sh
echo "warncc: warning: this compiler warns about everything" >&2
exec gcc "$@"
EOF2
chmod +x warncc
dir="$T/pipe|dir ;x"
autotools_example "$dir" CC="$T/warncc" CFLAGS=-O2 ||
	fail "configure failed: $(tail -n 3 "$dir/configure.out")"
grep -q 'sed:\|syntax error\|not found' "$dir/configure.out" &&
	fail "an error leaked: $(grep 'sed:\|syntax error\|not found' "$dir/configure.out" | head -n 2)"
[ -z "$(subst "$dir" HARDEN_ENABLED)" ] || fail "features claimed with a warning compiler: $(subst "$dir" HARDEN_ENABLED)"
grep -q '^  stack-protector  *unsupported  *the compiler cannot preprocess with these flags: warncc: warning' "$dir/configure.out" ||
	fail "wrong reason: $(grep '^  stack-protector' "$dir/configure.out")"
# The same path with a quiet compiler: everything as usual.
autotools_example "$dir" CC=gcc CFLAGS=-O2 || fail "configure with gcc failed"
echo " $(subst "$dir" HARDEN_ENABLED) " | grep -q ' stack-protector=strong ' ||
	fail "gcc in the odd path: $(subst "$dir" HARDEN_ENABLED)"
(cd "$dir" && make -j2 >make.out 2>&1) || fail "make failed in the odd path"
assert_hardened_program "$dir/.libs/tally"
echo ok
