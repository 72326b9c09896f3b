#!/bin/sh
# harden_add_audit_test() fails a target one source of which escaped the
# hardening (COMPILE_OPTIONS -fno-stack-protector on that source): with -g
# (RelWithDebInfo) harden-audit judges every recorded unit (stack-protector
# partial, the source named) although the other unit imports
# __stack_chk_fail; without -g (Release) the compile commands of the target
# (CMAKE_EXPORT_COMPILE_COMMANDS) name it.  An untouched target passes both.
# The same for C++ in the same mixed project, each language's commands
# against its own report: a C++ source compiled without the canary fails
# the gate (Release: by its compile command), and a C++-only target, which
# has no C command, passes.  A target with an exception has its commands
# checked against its own report (harden-except-TARGET.txt): a source of it
# that undoes a feature it keeps fails the gate.
# (harden-audit is the run's one, given as HARDEN_AUDIT; the second build
# type reconfigures the first's tree.)
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc g++ ninja ctest
audit_tool
p=$T/proj
mkdir -p "$p"
two_units "$p"
cp "$p/a.c" "$p/a.cpp"
cp "$p/b.c" "$p/bx.cpp"
cp "$p/b.c" "$p/bx2.cpp"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(unit C CXX)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
enable_testing()
# pair(SUFFIX MAIN BAD GOOD): goodSUFFIX (MAIN and GOOD) and mixedSUFFIX
# (MAIN and BAD, compiled without the canary), each with its audit test.
function(pair suffix main bad good)
  add_executable(good\${suffix} \${main} \${good})
  target_link_libraries(good\${suffix} PRIVATE Harden::Harden)
  add_executable(mixed\${suffix} \${main} \${bad})
  target_link_libraries(mixed\${suffix} PRIVATE Harden::Harden)
  set_source_files_properties(\${bad} PROPERTIES COMPILE_OPTIONS -fno-stack-protector)
  harden_add_audit_test(good\${suffix}-audit good\${suffix})
  harden_add_audit_test(mixed\${suffix}-audit mixed\${suffix})
endfunction()
pair("" a.c b.c b2.c)
pair(xx a.cpp bx.cpp bx2.cpp)
# Exceptions: each target's commands against its harden-except-*.txt;
# interp_bad's second source also undoes stack-clash-protection, which no
# binary shows without -g.
add_executable(interp_good a.c b3.c)
add_executable(interp_bad a.c b4.c)
harden_target(interp_good interp_bad EXCEPT stack-protector REASON "reads its own stack")
set_source_files_properties(b4.c PROPERTIES COMPILE_OPTIONS -fno-stack-clash-protection)
harden_add_audit_test(interp_good-audit interp_good)
harden_add_audit_test(interp_bad-audit interp_bad)
EOT
cp "$p/b.c" "$p/b2.c"	# good's own copy: source properties are per directory
cp "$p/b.c" "$p/b3.c"
cp "$p/b.c" "$p/b4.c"
b=$T/build
# check_pair SUFFIX BAD: goodSUFFIX's audit passes; mixedSUFFIX's fails,
# naming BAD's compile command.
check_pair() {
	run "$b.good$1-$bt.log" ctest --test-dir "$b" -R "^good$1-audit\$" -V
	ctest --test-dir "$b" -R "^mixed$1-audit\$" -V >"$b.mixed$1-$bt.log" 2>&1 &&
		fail "$bt: the audit of mixed$1, with an unhardened source, passed"
	grep -q "/$2: -fstack-protector-strong undone later on its command line (stack-protector turned off)" "$b.mixed$1-$bt.log" ||
		fail "$bt: the compile command of $2 is not named: $(grep harden-audit "$b.mixed$1-$bt.log" | tail -n 5)"
}
for bt in RelWithDebInfo Release; do
	CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=$bt -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DHARDEN_AUDIT="$AUDIT"
	grep -q '^CMAKE_BUILD_TYPE:STRING='$bt'$' "$b/CMakeCache.txt" || fail "not configured for $bt"
	cmake_build "$b"
	check_pair "" b.c
	grep -q 'good.dir' "$b.mixed-$bt.log" && fail "$bt: the audit of mixed checked good's objects"
	check_pair xx bx.cpp
	run "$b.interp_good-$bt.log" ctest --test-dir "$b" -R '^interp_good-audit$' -V
	grep -q "C compile commands checked against $b/harden-except-interp_good.txt: 0 without" "$b.interp_good-$bt.log" ||
		fail "$bt: interp_good's commands were not checked against its exception: $(grep harden-audit "$b.interp_good-$bt.log" | tail -n 5)"
	ctest --test-dir "$b" -R '^interp_bad-audit$' -V >"$b.interp_bad-$bt.log" 2>&1 &&
		fail "$bt: the audit of interp_bad, with a source that undoes stack-clash-protection, passed"
	grep -q "/b4.c: -fstack-clash-protection undone later on its command line" "$b.interp_bad-$bt.log" ||
		fail "$bt: the compile command of b4.c is not named: $(grep harden-audit "$b.interp_bad-$bt.log" | tail -n 5)"
	grep -q 'C++ compile commands checked against .*harden-report-cxx.txt: 0 without' "$b.goodxx-$bt.log" ||
		fail "$bt: the C++ target's compile commands were not checked: $(grep harden-audit "$b.goodxx-$bt.log" | tail -n 5)"
done
grep -q 'stack-protector not proven: partial (imports __stack_chk_fail, but 1 of 2 recorded units lack stack-protector (-fstack-protector-strong): .*b.c)' \
	"$b.mixed-RelWithDebInfo.log" || fail "RelWithDebInfo: no partial verdict naming b.c"
echo ok
