# Paths with | $ ' " ; and spaces (the catalog's, the scratch directory's)
# and a compiler that warns on every run: nothing is claimed, no shell or
# sed error leaks, and with a quiet compiler everything works as usual.
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
TMPDIR="$d/tmp" CC="$T/warncc" CFLAGS=-O2 sh "$d/cat/harden-flags" >report 2>err || fail "failed: $(cat err)"
[ ! -s err ] || fail "messages leaked: $(cat err)"
[ -z "$(report_key report enabled)" ] || fail "claimed with a warning compiler: $(report_key report enabled)"
report_reason report pie | grep -q '^the compiler cannot preprocess with these flags: warncc: warning' || fail "$(report_reason report pie)"
TMPDIR="$d/tmp" CC=gcc CFLAGS=-O2 sh "$d/cat/harden-flags" --level=strict >report 2>err || fail "gcc failed: $(cat err)"
report_expect report stack-protector "on strong"
report_expect report zero-call-used-regs "on used-gpr"
report_reason report strict-flex-arrays | grep -q "unrecognized command-line option '-fstrict-flex-arrays=3'" ||
	fail "reason: $(report_reason report strict-flex-arrays)"
grep -q "$d" report && fail "the scratch path leaked into the report"
[ -z "$(ls "$d/tmp")" ] || fail "scratch directory left behind"
echo ok
