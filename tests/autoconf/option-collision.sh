# A project option named like one of harden's (its own --enable-pie,
# default "maybe") stops autoconf with an error naming both definitions,
# whether it comes before or after HARDEN_CHECK.  With
# HARDEN_OPTION_PREFIX([harden-]) the two coexist: --help lists both, and
# --disable-pie and --disable-harden-pie each drive only their own.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc autoconf aclocal

# project DIR BODY: a C project whose configure.ac is BODY between AC_PROG_CC
# and AC_OUTPUT.
project() {
	mkdir -p "$1/m4" && cp "$S/m4/harden.m4" "$1/m4/" || exit 99
	printf 'AC_INIT([p], [1])\nAC_CONFIG_MACRO_DIR([m4])\nAC_PROG_CC\n%s\nAC_OUTPUT\n' "$2" >"$1/configure.ac"
}
own='AC_ARG_ENABLE([pie], [AS_HELP_STRING([--enable-pie], [the project'"'"'s own])], [], [enable_pie=maybe])'

# Before and after HARDEN_CHECK (lines 4 and 5 of configure.ac).
project before "$own
HARDEN_CHECK"
project after "HARDEN_CHECK
$own"
for d in before after; do
	(cd $d && aclocal -I m4 && autoconf) >$d.out 2>&1 && fail "$d: autoconf accepted a second --enable-pie"
	grep -q "error: --enable-pie is defined twice: by the project's AC_ARG_ENABLE at configure.ac:[45] and by HARDEN_CHECK at configure.ac:[45] (the hardening feature pie); call HARDEN_OPTION_PREFIX(\[harden-\]) before HARDEN_CHECK" $d.out ||
		fail "$d: not the error naming both: $(cat $d.out)"
done

# HARDEN_OPTION_PREFIX after HARDEN_CHECK is refused.
project late "HARDEN_CHECK
HARDEN_OPTION_PREFIX([harden-])"
(cd late && aclocal -I m4 && autoconf) >late.out 2>&1 && fail "HARDEN_OPTION_PREFIX after HARDEN_CHECK was accepted"
grep -q 'HARDEN_OPTION_PREFIX must come before HARDEN_CHECK' late.out || fail "late prefix: $(cat late.out)"

# With the prefix, both options live side by side.
project p "$own
HARDEN_OPTION_PREFIX([harden-])
HARDEN_CHECK
AC_MSG_NOTICE([own pie: \$enable_pie])"
(cd p && aclocal -I m4 && autoconf) >p.out 2>&1 || fail "autoconf with the prefix failed: $(cat p.out)"
(cd p && ./configure --help) >help.out || fail "configure --help failed"
grep -q '^  --enable-pie  *the project' help.out || fail "--help lacks the project's --enable-pie: $(cat help.out)"
grep -q '^  --enable-harden-pie\[=VALUE\]' help.out || fail "--help lacks --enable-harden-pie: $(cat help.out)"
grep -q '^  --enable-harden-stack-protector\[=VALUE\]' help.out || fail "--help lacks --enable-harden-stack-protector"
grep -q '^  --enable-hardening\[=LEVEL\]' help.out || fail "--help lacks --enable-hardening"
[ "$(grep -c -e '--enable-pie' -e '--enable-stack-protector' help.out)" = 1 ] ||
	fail "unprefixed harden options remain: $(grep -e '--enable-pie' -e '--enable-stack-protector' help.out)"

# cfg NAME ARGS...: configure p with ARGS; sets own (the project's value)
# and state (harden's pie in the summary).
cfg() {
	_n=$1
	shift
	(cd p && ./configure "$@") >$_n.out 2>&1 || fail "configure $* failed: $(tail -n 3 $_n.out)"
	own=$(sed -n 's/^configure: own pie: //p' $_n.out)
	state=$(sed -n 's/^  pie  *\([a-z]*\) .*/\1/p' $_n.out)
}
# Each side's option leaves the other side at its default (the project's
# maybe, harden's pie on); a value reaches each side's own option.
cfg own --disable-pie --enable-harden-stack-protector=basic
[ "$own:$state" = no:on ] || fail "--disable-pie: own=$own harden=$state, want no:on"
grep -q '^  stack-protector  *on  *basic' own.out || fail "--enable-harden-stack-protector=basic not honoured"
cfg hard --disable-harden-pie
[ "$own:$state" = maybe:off ] || fail "--disable-harden-pie: own=$own harden=$state, want maybe:off"
cfg value --enable-pie=sometimes
[ "$own:$state" = sometimes:on ] || fail "--enable-pie=sometimes: own=$own harden=$state, want sometimes:on"
echo ok
