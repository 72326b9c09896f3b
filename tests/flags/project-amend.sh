# --amend: words the project added after the checks, against the report of
# those checks, probe nothing and change exactly the features they decide
# otherwise: state "project" with the word's value, enabled= takes it,
# a feature turned off leaves enabled= and audit_expect=, a word that
# agrees with the result changes nothing, a word that removes a feature's
# precondition (-O0, a sanitizer) turns it off; --project-first (CMake) leaves the
# features harden adds flags for alone; an explicit request they
# contradict is exit status 1, with --errors=machine's line.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc
export CC=gcc CFLAGS=-O2 CPPFLAGS= LDFLAGS=
hf() { sh "$S/catalog/harden-flags" "$@"; }
hf >probed || fail "the checks failed"
report_expect probed stack-protector "on strong"
report_expect probed bind-now "on yes"
hf --amend=probed --project=configure.ac \
	--project-flags="-Wall -fstack-protector -fstack-clash-protection -Wl,-z,lazy -fwrapv" >amended ||
	fail "--amend failed"
[ "$(report_key amended runs)" = "$(report_key probed runs)" ] || fail "runs changed"
report_expect amended stack-protector "project basic"
[ "$(report_reason amended stack-protector)" = "set by configure.ac (-fstack-protector) after the checks; was: on strong" ] ||
	fail "reason: $(report_reason amended stack-protector)"
report_expect amended bind-now "project off"
report_expect amended stack-clash-protection "on yes"	# the same value: harden's still
report_expect amended wrapv "project yes"
report_key amended enabled | grep -q ' stack-protector=basic \| bind-now' && fail "enabled: $(report_key amended enabled)"
report_key amended enabled | grep -q '^stack-protector=basic fortify-source=3 ' || fail "enabled: $(report_key amended enabled)"
report_key amended enabled | grep -q 'wrapv' && fail "enabled has wrapv, which nothing proved"
[ "$(report_key amended audit_expect)" = "$(report_key probed audit_expect | sed 's/,bind-now//')" ] ||
	fail "audit_expect: $(report_key amended audit_expect)"
grep -v -e '^feature \(stack-protector\|bind-now\|wrapv\) ' -e '^detail \(stack-protector\|bind-now\|wrapv\) ' \
	-e '^enabled=' -e '^audit_expect=' amended >a.rest
grep -v -e '^feature \(stack-protector\|bind-now\|wrapv\) ' -e '^detail \(stack-protector\|bind-now\|wrapv\) ' \
	-e '^enabled=' -e '^audit_expect=' probed >p.rest
cmp -s a.rest p.rest || fail "other lines changed: $(diff p.rest a.rest)"
# CMake's order: the project's words first, harden's flags win.
hf --amend=probed --project=CMakeLists.txt --project-first --project-flags="-fstack-protector -fwrapv" >first ||
	fail "--project-first failed"
report_expect first stack-protector "on strong"
report_expect first wrapv "project yes"
# Nothing changed: the report as it was.
hf --amend=probed --project-flags="-Wall -fstack-protector-strong" >same || fail "failed"
cmp -s probed same || fail "an agreeing word changed the report: $(diff probed same)"
# An explicit request they contradict.
hf --disable-bind-now >off || fail "--disable-bind-now failed"
hf --disable-bind-now --errors=machine --amend=off --project=configure.ac --project-flags=-Wl,-z,now >/dev/null 2>err &&
	fail "--disable-bind-now passed although configure.ac's -Wl,-z,now comes last"
grep -q "^harden-flags: cannot disable bind-now: configure.ac's flags have -Wl,-z,now$" err || fail "error: $(cat err)"
grep -q "^harden-flags: error=bind-now configure.ac's flags have -Wl,-z,now$" err || fail "machine line: $(cat err)"
hf --enable-stack-protector --amend=probed --project-flags=-fstack-protector >/dev/null ||
	fail "--enable-stack-protector (yes) failed although -fstack-protector keeps it on"
# A precondition the words remove: -O0 last (fortify needs optimisation),
# an address sanitizer; a later -O gives it back.
hf --amend=probed --project=configure.ac --project-flags="-g -O0" >debug || fail "--amend -O0 failed"
report_expect debug fortify-source "project off"
[ "$(report_reason debug fortify-source)" = "set by configure.ac (-O0) after the checks: needs optimisation (-O1 or more); was: on 3" ] ||
	fail "reason: $(report_reason debug fortify-source)"
case ,$(report_key debug audit_expect),$(report_key debug enabled) in *fortify*) fail "fortify still expected or enabled" ;; esac
hf --amend=probed --project=CMakeLists.txt --project-first --project-flags=-fsanitize=address >asan || fail "failed"
report_expect asan fortify-source "project off"
hf --amend=probed --project-flags="-O0 -O2" >same || fail "failed"
cmp -s probed same || fail "-O0 then -O2 changed the report: $(diff probed same)"
hf --enable-fortify-source=3 --amend=probed --project=configure.ac --project-flags=-O0 >/dev/null 2>err &&
	fail "--enable-fortify-source=3 passed although configure.ac's -O0 comes last"
grep -q "^harden-flags: cannot enable fortify-source: configure.ac's flags have -O0$" err || fail "error: $(cat err)"
echo ok
