# format-security is proven with clang and fortify too: the probe's misuse
# calls a format function of its own, which clang checks, where glibc's
# fortified printf would hide the format.  What clang loses with fortify
# (doc/toolchains.md, "What the probes found on Debian 12") is checked here as well, so that the
# page is corrected when clang changes.
. "$HARDEN_SRCDIR/tests/lib.sh"
need clang clang-19 gcc
cat >misuse.c <<'SRC'
#include <stdio.h>
#include <syslog.h>
void log_it(const char *s) { syslog(LOG_ERR, s); }
SRC
cat >printf.c <<'SRC'
#include <stdio.h>
void say(const char *s) { printf(s); }
SRC
for cc in clang clang-19 gcc; do
	CC=$cc CFLAGS=-O2 sh "$S/catalog/harden-flags" --report >$cc.report || fail "$cc: harden-flags failed"
	[ "$(report_state $cc.report fortify-source)" = on ] || fail "$cc: fortify-source is not on"
	report_expect $cc.report format-security "on yes"
	flags="$(report_key $cc.report cppflags) $(report_key $cc.report cflags)"
	$cc -O2 $flags -c -o misuse.o misuse.c 2>$cc.err &&
		fail "$cc: syslog(LOG_ERR, s) compiles with $flags"
	grep -q 'format-security' $cc.err || fail "$cc: not rejected by -Wformat-security: $(cat $cc.err)"
	if $cc -O2 $flags -c -o printf.o printf.c 2>$cc.printf.err; then
		case $cc in gcc) fail "gcc: printf(s) compiles with $flags" ;; esac
		note "$cc: printf(s) through the fortified printf still compiles (as doc/toolchains.md says)"
	else
		case $cc in clang*) fail "$cc now rejects printf(s) with fortify: update the README" ;; esac
	fi
done
echo ok
