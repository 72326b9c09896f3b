#!/bin/sh
# A C++-only project (project(x LANGUAGES CXX)) configures, probes g++ alone
# (harden-report-cxx.txt, no harden-report.txt, a "Hardening C++" summary),
# sets HARDEN_CXX_* to the report's lists (HARDEN_CFLAGS empty), and builds
# words hardened: the C++ report's flags on its compile line, canary and
# PIE.  harden-audit, a C program, cannot be built without C: the audit
# test says why and is skipped.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need g++ ninja readelf ctest

p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.18)
project(words LANGUAGES CXX)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
add_executable(words "$S/examples/autotools/src/words.cc")
target_link_libraries(words PRIVATE Harden::Harden)
set(out "")
foreach(v CXX_CPPFLAGS CXXFLAGS EXE_CXXFLAGS CXX_LDFLAGS EXE_CXX_LDFLAGS CXX_ENABLED CXX_AUDIT_EXPECT CFLAGS)
  string(REPLACE ";" " " l "\${HARDEN_\${v}}")
  string(APPEND out "\${v}=\${l}\n")
endforeach()
file(WRITE "\${CMAKE_BINARY_DIR}/vars.txt" "\${out}")
enable_testing()
harden_add_audit_test(words-audit words)
EOT
b=$T/build
CXX=g++ cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release
x=$b/harden-report-cxx.txt
[ -f "$b/harden-report.txt" ] && fail "a C report in a C++-only project"
grep -q 'Probing hardening flags (C++) - done' "$b.configure.log" || fail "no C++ probe step"
grep -q 'Hardening C++ (level standard) - [0-9]* features present' "$b.configure.log" || fail "no C++ summary"
grep -q 'Hardening C (' "$b.configure.log" && fail "a C summary"
report_expect "$x" stack-protector "on strong"
report_expect "$x" stdlib-hardening "on assertions"
for kv in CXX_CPPFLAGS=cppflags CXXFLAGS=cflags EXE_CXXFLAGS=exe_cflags CXX_LDFLAGS=ldflags \
	EXE_CXX_LDFLAGS=exe_ldflags CXX_ENABLED=enabled CXX_AUDIT_EXPECT=audit_expect; do
	got=$(sed -n "s/^${kv%=*}=//p" "$b/vars.txt")
	[ "$got" = "$(report_key "$x" "${kv#*=}")" ] || fail "HARDEN_${kv%=*}='$got', the report's ${kv#*=} is '$(report_key "$x" "${kv#*=}")'"
done
grep -qx 'CFLAGS=' "$b/vars.txt" || fail "HARDEN_CFLAGS set in a C++-only project: $(grep CFLAGS= "$b/vars.txt")"

cmake_build "$b"
line=$(build_line "$b.build.log" ' -c [^ ]*/words\.cc$')
for f in $(report_words "$x" cppflags cflags exe_cflags); do
	case " $line " in *" $f "*) ;; *) fail "no $f on the compile line: $line" ;; esac
done
elf_has_canary "$b/words" || fail "words has no canary"
elf_is_pie "$b/words" || fail "words is not PIE"

grep -q 'audit test words-audit will be skipped: the C language is not enabled' "$b.configure.log" ||
	fail "no reason for the skipped audit test"
run "$T/ctest.log" ctest --test-dir "$b"
grep -q 'words-audit .*Skipped' "$T/ctest.log" || fail "the audit test was not skipped"
exit 0
