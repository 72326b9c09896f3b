# With --errors=machine, an invalid value of a feature (exit 2) is followed
# on standard error by "harden-flags: error=FEATURE invalid value 'VALUE':
# use VALUES"; a usage error about no feature (the level, an unknown
# option) has no such line, and --errors takes human or machine only.
. "$HARDEN_SRCDIR/tests/lib.sh"
H="$S/catalog/harden-flags"
expect2() {
	sh "$H" --errors=machine "$@" >out 2>err && fail "$* accepted"
	[ $? -eq 2 ] || fail "$*: exit status not 2"
	[ ! -s out ] || fail "$*: printed output"
}
expect2 --enable-stack-protector=all
[ "$(sed -n 1p err)" = "harden-flags: invalid value 'all' for stack-protector: use auto, yes, no, strong, basic" ] ||
	fail "message: $(cat err)"
[ "$(sed -n 2p err)" = "harden-flags: error=stack-protector invalid value 'all': use auto, yes, no, strong, basic" ] ||
	fail "error line: $(cat err)"
expect2 --fortify-source=4
grep -qx "harden-flags: error=fortify-source invalid value '4': use auto, yes, no, 3, 2" err || fail "--fortify-source=4: $(cat err)"
expect2 --level=max
grep -q 'error=' err && fail "an error line for the level: $(cat err)"
expect2 --no-such-feature
grep -q 'error=' err && fail "an error line for an unknown option: $(cat err)"
sh "$H" --errors=json >out 2>err && fail "--errors=json accepted"
grep -q "invalid value 'json' for --errors: use human or machine" err || fail "--errors=json: $(cat err)"
echo ok
