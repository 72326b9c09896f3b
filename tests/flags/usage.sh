# Bad usage and invalid values exit 2 with a message that lists the valid
# ones; --help and --version exit 0; --list names every catalog feature.
. "$HARDEN_SRCDIR/tests/lib.sh"
H="$S/catalog/harden-flags"
expect2() {
	sh "$H" "$@" >out 2>err && fail "$* accepted"
	[ $? -eq 2 ] || fail "$*: exit status not 2"
	[ ! -s out ] || fail "$*: printed output"
}
expect2 --level=max
grep -q "invalid level 'max': use none, standard or strict" err || fail "level message: $(cat err)"
expect2 --enable-stack-protector=all
grep -q "invalid value 'all' for stack-protector: use auto, yes, no, strong, basic" err || fail "value message: $(cat err)"
expect2 --no-such-feature
grep -q "unknown option '--no-such-feature' (features: stack-protector, " err || fail "option message: $(cat err)"
expect2 --disable-pie=yes
expect2 --export=json
expect2 stray
expect2 --known=nothing=yes
sh "$H" --help | grep -q '^Usage: harden-flags' || fail "--help"
sh "$H" --version | grep -q '^harden-flags [0-9]' || fail "--version"
sh "$H" --list >list || fail "--list failed"
for f in $(sed -n 's/^feature \([^ ]*\) .*/\1/p' "$S/catalog/features.txt"); do
	grep -q "^$f \(standard\|strict\|request\)" list || fail "$f missing from --list"
done
# --no-FEATURE and --FEATURE, with feature names that start with no-.
CC=gcc CFLAGS=-O2 sh "$H" --level=none --no-strict-aliasing --no-no-delete-null-pointer-checks >r || fail "no- names"
report_expect r no-strict-aliasing "on yes"
report_expect r no-delete-null-pointer-checks "off -"
# A catalog that is not there: exit 3.
sh "$H" --catalog="$T/nowhere" >/dev/null 2>err; [ $? -eq 3 ] || fail "missing catalog: not exit 3"
echo ok
