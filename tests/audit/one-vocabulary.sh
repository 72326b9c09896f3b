#!/bin/sh
# one-vocabulary.sh - harden-flags and harden-audit read the builder's flags
# with the same patterns (the catalog's builder rows, which harden-audit
# gets through the table generated from them): a flag that the driver calls
# the builder's, present or absent, is what harden-audit finds on the
# recorded command line.  The case that once disagreed: a unit compiled
# with -fsanitize=shift,bounds was "builder ... present" for trap-bounds in
# the driver and "no: -fsanitize=bounds missing" in harden-audit.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

build_audit
write_sources
need gcc
# agree FLAGS FEATURE...: each feature is the builder's in the driver's
# report, and harden-audit's verdict on a program built with FLAGS and
# recorded switches is yes for "present", no for "absent".
agree() {
	flags=$1
	shift
	CC=gcc CFLAGS="-O2 $flags" sh "$S/catalog/harden-flags" --level=strict >"$T/report" ||
		fail "harden-flags failed with $flags"
	gcc -O2 $flags -frecord-gcc-switches -o "$T/prog" "$T/src/prog.c" ||
		fail "cannot build with $flags"
	"$AUDIT" -v "$T/prog" >"$T/audit" || fail "harden-audit failed"
	for f do
		case $(grep "^result $f " "$T/report") in
		*" builder present") want=yes ;;
		*" builder absent") want=no ;;
		*) fail "$f: not the builder's with $flags: $(grep "^feature $f " "$T/report")" ;;
		esac
		got=$(awk -v f="$f" '$1 == f { print $2; exit }' "$T/audit")
		[ "$got" = "$want" ] ||
			fail "$f with $flags: harden-flags says $want, harden-audit $got ($(grep "^ *$f " "$T/audit"))"
	done
}
agree "-fsanitize=shift,bounds -fsanitize-undefined-trap-on-error" trap-bounds
agree "-fsanitize=bounds-strict -fsanitize-undefined-trap-on-error" trap-bounds
agree "-fsanitize=bounds -fsanitize-undefined-trap-on-error -fno-sanitize=shift,bounds" trap-bounds
agree "-fwrapv -fno-strict-aliasing -fno-stack-clash-protection" wrapv no-strict-aliasing stack-clash-protection
agree "-fstack-clash-protection -ftrivial-auto-var-init=pattern -fzero-call-used-regs=all" \
	stack-clash-protection auto-var-init zero-call-used-regs
agree "-ftrivial-auto-var-init=uninitialized -fzero-call-used-regs=skip -fstrict-aliasing" \
	auto-var-init zero-call-used-regs no-strict-aliasing
echo ok
