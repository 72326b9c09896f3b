#!/bin/sh
# The feature options, several per configure (each build of the example
# with gcc, Release unless said, checks the report and the binaries):
# * OFF removes a feature the compiler gives by default:
#   CC="gcc -fstack-protector-strong" with HARDENING_STACK_PROTECTOR=OFF
#   adds -fno-stack-protector, and neither the program nor the library has
#   a canary; HARDENING_PIE=OFF on Debian's PIE-by-default gcc gives a
#   non-PIE program (ET_EXEC, via -fno-PIE/-no-pie, on the program only)
#   that runs, while the shared library stays a shared library;
# * value names select exactly that candidate: HARDENING_FORTIFY_SOURCE=2
#   gives -D_FORTIFY_SOURCE=2 (not 3), HARDENING_STACK_PROTECTOR=basic
#   gives -fstack-protector --param=ssp-buffer-size=4, and both show on the
#   compile line and in the binaries;
# * ON asks for a feature outside the level (HARDENING_WRAPV=ON at the
#   standard level, which leaves no-strict-aliasing off); ON, OFF and AUTO
#   are spelled so;
# * the other features stay on: fortified calls without the canary;
# * a Debug build (-O0): fortify-source is unsupported with the reason
#   "needs optimisation", no -D_FORTIFY_SOURCE is added and the program
#   has no fortified calls, while the canary stays; branch-protection at
#   AUTO is only "unsupported" on x86_64.
. "$HARDEN_SRCDIR/tests/lib.sh"
EXAMPLE=$S/examples/cmake
need gcc ninja readelf

# The premises: the compiler command gives a canary, gcc makes PIE programs.
cat >"$T/m.c" <<'EOC'
#include <string.h>
int main(int argc, char **argv) { char b[64]; strcpy(b, argv[argc - 1]); return b[0]; }
EOC
gcc -fstack-protector-strong -O2 -o "$T/m" "$T/m.c" || fail "gcc cannot link"
elf_has_canary "$T/m" || fail "control: gcc -fstack-protector-strong gave no canary, the test proves nothing"
[ "$(elf_type "$T/m")" = DYN ] || fail "control: this gcc does not default to PIE, the test proves nothing"

b=$T/off
CC="gcc -fstack-protector-strong" cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
	-DHARDENING_STACK_PROTECTOR=OFF -DHARDENING_PIE=OFF -DHARDENING_FORTIFY_SOURCE=2 -DHARDENING_WRAPV=ON -DHARDENING_RELRO=AUTO
r=$b/harden-report.txt
report_expect "$r" stack-protector "off -"
report_expect "$r" pie "off -"
report_expect "$r" fortify-source "on 2"
report_expect "$r" wrapv "on yes"
report_expect "$r" relro "on yes"
report_expect "$r" no-strict-aliasing "off -"
case " $(report_key "$r" cflags) " in
*" -fno-stack-protector "*) ;;
*) fail "no -fno-stack-protector in cflags: $(report_key "$r" cflags)" ;;
esac
case " $(report_key "$r" cflags) " in
*" -fno-strict-overflow "*) ;;
*) fail "no -fno-strict-overflow: $(report_key "$r" cflags)" ;;
esac
[ "$(report_key "$r" cppflags)" = "-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2" ] || fail "cppflags: $(report_key "$r" cppflags)"
[ "$(report_key "$r" exe_cflags)" = "-fno-PIE" ] || fail "exe_cflags: $(report_key "$r" exe_cflags)"
[ "$(report_key "$r" exe_ldflags)" = "-no-pie" ] || fail "exe_ldflags: $(report_key "$r" exe_ldflags)"
cmake_build "$b"
# line_has BUILD PATTERN FLAGS: a line of the build log matching PATTERN has FLAGS.
line_has() { grep -- "$2" "$1.build.log" | grep -q -- "$3"; }
line_has "$b" 'main.c.o -c' ' -D_FORTIFY_SOURCE=2 ' || fail "the compile line lacks -D_FORTIFY_SOURCE=2"
grep -q -- '-D_FORTIFY_SOURCE=3' "$b.build.log" && fail "-D_FORTIFY_SOURCE=3 on a command line"
elf_has_canary "$b/tally" && fail "tally still has __stack_chk_fail"
elf_has_canary "$b/libtally.so" && fail "libtally.so still has __stack_chk_fail"
elf_has_chk "$b/tally" || fail "the other features went away too"
[ "$(elf_type "$b/tally")" = EXEC ] || fail "tally is not ET_EXEC"
elf_is_pie "$b/tally" && fail "tally is PIE"
assert_library_not_pie "$b/libtally.so"
grep -- '-shared' "$b.build.log" | grep -q -- '-no-pie\|-fno-PIE' && fail "exe-only off flags reached the library"
[ "$(printf 'a b\n' | "$b/tally")" = "      1       2       4 -" ] || fail "the non-PIE tally does not run"

b=$T/debug
CC=gcc cmake_configure "$b" "$EXAMPLE" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBUILD_TESTING=OFF -DHARDENING_STACK_PROTECTOR=basic
r=$b/harden-report.txt
report_expect "$r" stack-protector "on basic"
case " $(report_key "$r" cflags) " in
*" -fstack-protector --param=ssp-buffer-size=4 "*) ;;
*) fail "cflags: $(report_key "$r" cflags)" ;;
esac
case " $(report_key "$r" cflags) " in
*-fstack-protector-strong*) fail "strong with basic requested" ;;
esac
report_expect "$r" fortify-source "unsupported -"
grep -q '^feature fortify-source unsupported - needs optimisation (-O1 or more)$' "$r" || fail "no reason for fortify-source"
grep -q 'fortify-source - unsupported: needs optimisation' "$b.configure.log" || fail "summary has no reason"
[ -z "$(report_key "$r" cppflags)" ] || fail "cppflags: $(report_key "$r" cppflags)"
report_expect "$r" branch-protection "unsupported -"
cmake_build "$b"
line_has "$b" 'main.c.o -c' ' -fstack-protector --param=ssp-buffer-size=4 ' || fail "the compile line lacks the basic stack protector"
grep -q -- '-D_FORTIFY_SOURCE' "$b.build.log" && fail "-D_FORTIFY_SOURCE on a compile line"
elf_has_chk "$b/tally" && fail "fortified calls in a Debug build"
elf_has_canary "$b/tally" || fail "no canary in the Debug build"
exit 0
