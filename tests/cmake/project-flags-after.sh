#!/bin/sh
# A project's own flags added after include(Harden) (CMAKE_C_FLAGS,
# add_compile_options) come before Harden::Harden's on every command line:
# they decide the features harden adds no flag for.  The builder's
# -fstack-protector-strong (stack-protector "builder") that the project's
# later -fno-stack-protector turns off, and -fwrapv (off: not in the
# standard level) that add_compile_options turns on, are "project" in the
# report and the summary, naming CMakeLists.txt; HARDEN_AUDIT_EXPECT drops
# stack-protector, which the program really lacks, and so does the audit
# test added before the end of the configure step; fortify-source, whose
# flags harden adds after the project's -D_FORTIFY_SOURCE=2, stays harden's.
# -DHARDENING_WRAPV=OFF still holds (harden's -fstrict-overflow comes last
# on tally.c's compile command, that of compile_commands.json).  A later
# -O0 turns fortify-source off where it comes last (a compile option), not
# where the configuration's -O3 follows it (CMAKE_C_FLAGS).  (The audit
# test runs the run's harden-audit.)  A target's exception
# (harden_target EXCEPT) gets the same words before its flags: its report,
# harden-except-interp.txt, says "project" for the same features and keeps
# its exception and reason.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc ninja readelf
audit_tool
src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.19)
project(own C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
# The project's own flags, after the include.
string(APPEND CMAKE_C_FLAGS " -fno-stack-protector -D_FORTIFY_SOURCE=2")
add_compile_options(-fwrapv)
# A debug switch: -O0 in CMAKE_C_FLAGS (the configuration's -O3 comes
# after it) or as a compile option (last on the line).
if(OWN_O0 STREQUAL "flags")
  string(APPEND CMAKE_C_FLAGS " -O0")
elseif(OWN_O0 STREQUAL "options")
  add_compile_options(-O0)
endif()
add_executable(tally "$src/main.c" "$src/tally.c")
target_include_directories(tally PRIVATE "$src")
target_link_libraries(tally PRIVATE Harden::Harden)
add_executable(interp "$src/main.c" "$src/tally.c")
target_include_directories(interp PRIVATE "$src")
harden_target(interp EXCEPT cf-protection REASON "its own shadow stack")
enable_testing()
harden_add_audit_test(audit tally)
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-fstack-protector-strong \
	-DHARDEN_AUDIT="$AUDIT" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
r=$b/harden-report.txt
report_expect "$r" stack-protector "project off"
report_expect "$r" wrapv "project yes"
report_expect "$r" fortify-source "on 3"
report_reason "$r" stack-protector | grep -q 'CMakeLists.txt (-fno-stack-protector)' ||
	fail "the reason does not name CMakeLists.txt's flag: $(report_reason "$r" stack-protector)"
grep -q 'stack-protector: project: set by CMakeLists.txt (-fno-stack-protector)' "$b.configure.log" ||
	fail "the summary does not say project: $(cat "$b.configure.log")"
want=$(report_key "$r" audit_expect)
case ,$want, in *,stack-protector,*) fail "stack-protector still expected: $want" ;; esac
x=$b/harden-except-interp.txt
report_expect "$x" stack-protector "project off"
report_expect "$x" wrapv "project yes"
report_expect "$x" cf-protection "off -"
report_reason "$x" cf-protection | grep -q 'exception: its own shadow stack' ||
	fail "the exception's reason went missing: $(report_reason "$x" cf-protection)"
grep -q 'Hardening C, the exception of interp: CMakeLists.txt.s flags added after include(Harden):' \
	"$b.configure.log" || fail "the summary does not name the exception: $(cat "$b.configure.log")"
got=$(sed -n 's/^HARDEN_AUDIT_EXPECT:INTERNAL=//p' "$b/CMakeCache.txt")
[ "$got" = "$want" ] || fail "HARDEN_AUDIT_EXPECT is '$got', the report says '$want'"
cmake_build "$b"
elf_has_canary "$b/tally" && fail "tally has a canary although -fno-stack-protector came last"
elf_has_chk "$b/tally" || fail "harden's fortify-source went missing"
# The audit test, added before the check, expects what it found.
cmake_audit_test_passes "$b" audit
# An explicit -DHARDENING_WRAPV=OFF holds: harden's off flag comes after
# the project's -fwrapv, so wrapv stays harden's, no error.
cmake_configure "$b" "$p" -DHARDENING_WRAPV=OFF
report_expect "$r" wrapv "off -"
grep '"command":.*tally\.c' "$b/compile_commands.json" >"$T/tally.c.command" || fail "no compile command of tally.c"
grep -q -e '-fwrapv .*-fstrict-overflow' "$T/tally.c.command" ||
	fail "harden's -fstrict-overflow does not come after the project's -fwrapv: $(cat "$T/tally.c.command")"
# -O0 in CMAKE_C_FLAGS: Release's -O3 comes after it, fortify holds; as a
# compile option it comes last, and fortify-source is the project's, off.
cmake_configure "$b" "$p" -DOWN_O0=flags
report_expect "$r" fortify-source "on 3"
cmake_configure "$b" "$p" -DOWN_O0=options
report_expect "$r" fortify-source "project off"
report_expect "$x" fortify-source "project off"
report_reason "$r" fortify-source | grep -q 'CMakeLists.txt (-O0) after the checks: needs optimisation' ||
	fail "the reason does not name the project's -O0: $(report_reason "$r" fortify-source)"
echo ok
