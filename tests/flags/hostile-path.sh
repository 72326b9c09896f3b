# Paths with | $ ' " ; and spaces (the catalog's, the scratch directory's)
# and a compiler that warns on every run: its warning is the base probe's
# too, so it is nobody's fault and the report is gcc's (every feature still
# proven by its effect); no shell or sed error leaks.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
d="$T/a|b \$c 'd\" ;e"
mkdir -p "$d/cat" "$d/tmp" && cp "$S"/catalog/* "$d/cat/"
cat >"$d/warn cc" <<'EOF2'
#!/bin/sh
echo "warncc: warning: this compiler warns about everything" >&2
exec gcc "$@"
EOF2
chmod +x "$d/warn cc"
ln -s "$d/warn cc" warncc
TMPDIR="$d/tmp" CC="$T/warncc" CFLAGS=-O2 sh "$d/cat/harden-flags" >warn.report 2>err || fail "failed: $(cat err)"
[ ! -s err ] || fail "messages leaked: $(cat err)"
TMPDIR="$d/tmp" CC=gcc CFLAGS=-O2 sh "$d/cat/harden-flags" >gcc.report 2>err || fail "gcc failed: $(cat err)"
grep '^feature' warn.report >a; grep '^feature' gcc.report >b
diff b a || fail "the warning compiler's features differ from gcc's"
TMPDIR="$d/tmp" CC=gcc CFLAGS=-O2 sh "$d/cat/harden-flags" --level=strict >report 2>err || fail "gcc failed: $(cat err)"
report_expect report stack-protector "on strong"
report_expect report zero-call-used-regs "on used-gpr"
report_reason report strict-flex-arrays | grep -q "unrecognized command-line option '-fstrict-flex-arrays=3'" ||
	fail "reason: $(report_reason report strict-flex-arrays)"
grep -q "$d" report && fail "the scratch path leaked into the report"
[ -z "$(ls "$d/tmp")" ] || fail "scratch directory left behind"
echo ok
