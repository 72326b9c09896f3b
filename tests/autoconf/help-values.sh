# configure --help lists each feature's values separated by commas, as
# harden-flags --list=tsv has them ("strong, basic", not "strong basic").
. "$HARDEN_SRCDIR/tests/lib.sh"
# --help alone: nothing is configured.
autotools_small ex --help || fail "configure --help failed: $(tail -n 3 ex/configure.out)"
tr -s ' \n' '  ' <ex/configure.out >help
sh "$S/catalog/harden-flags" --list=tsv >features || fail "harden-flags --list=tsv failed"
n=0
while IFS='	' read -r name level requires values audit summary; do
	case $values in yes) values= ;; esac
	want="(auto, yes, no${values:+, $(echo "$values" | sed 's/,/, /g')})"
	grep -qF -- "--enable-$name[=VALUE] $summary $want" help ||
		fail "--help of $name: not '$summary $want': $(grep -o -- "--enable-$name\[=VALUE\][^[]*" help)"
	n=$((n + 1))
done <features
[ "$n" -gt 10 ] || fail "only $n features"
echo ok
