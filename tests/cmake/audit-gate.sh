#!/bin/sh
# harden_add_audit_test() is a gate: a target hardened with Harden::Harden
# passes its audit test, and a target whose hardening is undone behind the
# module's back fails its own, with harden-audit naming the missing feature:
# -fno-PIE/-no-pie from an INTERFACE library linked after Harden::Harden
# (its options come after the module's), the same flags added with
# target_compile_options()/target_link_options() after harden_target(), and
# -fno-stack-protector on a shared library (no canary is unknown, and
# unknown fails the gate: it is not proven), and a program that was never
# hardened (gcc's defaults lack bind-now and the canary).  ctest exits
# non-zero.
# The premises are checked with readelf.  The documented form, the target's own
# options with Harden::Harden, does not undo anything: CMake puts the
# options of linked targets after the target's own, the program stays PIE
# and its audit passes.  At level none nothing is expected: the tests run
# harden-audit without --expect and pass.  (harden-audit is the run's
# one, given as HARDEN_AUDIT: the module's own build of it is
# example-gcc-ninja's subject.)
# A target's exception (issue 33): harden_target(interp EXCEPT
# stack-protector REASON ...) gives interp every other feature and
# -fno-stack-protector, the configure output and
# harden-except-interp.txt give the reason, its audit test passes, and
# fails naming bind-now when the target also links with -z lazy; bad
# exceptions (an unknown feature, no reason, no feature, linking
# Harden::Harden too) stop the configure with what is valid.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/cmake/lib.sh"
need gcc ninja readelf ctest
audit_tool

src=$S/examples/autotools/src
p=$T/proj
mkdir -p "$p"
cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.17)
project(gate C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
enable_testing()
include_directories("$src")
set(prog "$src/main.c" "$src/tally.c")

add_executable(good \${prog})
target_link_libraries(good PRIVATE Harden::Harden)

# A "legacy settings" target whose options come after Harden::Harden's.
add_library(legacy INTERFACE)
target_compile_options(legacy INTERFACE -fno-PIE)
target_link_options(legacy INTERFACE -no-pie)
add_executable(nopie \${prog})
target_link_libraries(nopie PRIVATE Harden::Harden legacy)

add_executable(nopie2 \${prog})
harden_target(nopie2)
target_compile_options(nopie2 PRIVATE -fno-PIE)
target_link_options(nopie2 PRIVATE -no-pie)

add_library(nossp SHARED "$src/tally.c")
harden_target(nossp)
target_compile_options(nossp PRIVATE -fno-stack-protector)

# Forgotten: no Harden::Harden at all.
add_executable(plain \${prog})

# The target's own options come before Harden::Harden's: still PIE.
add_executable(own \${prog})
target_link_libraries(own PRIVATE Harden::Harden)
target_compile_options(own PRIVATE -fno-PIE)
target_link_options(own PRIVATE -no-pie)

# Exceptions: one kept, one that loses bind-now as well.
add_executable(interp \${prog})
harden_target(interp EXCEPT stack-protector REASON "reads its own stack")
add_executable(interp_lazy \${prog})
harden_target(interp_lazy EXCEPT stack-protector REASON "reads its own stack")
target_link_options(interp_lazy PRIVATE -Wl,-z,lazy)

foreach(t good nopie nopie2 nossp plain own interp interp_lazy)
  harden_add_audit_test(\${t}-audit \${t})
endforeach()

# A bad exception, given as -DBAD=ARGS (the case of the test).
if(DEFINED BAD)
  add_executable(bad \${prog})
  if(BAD STREQUAL "linked")
    target_link_libraries(bad PRIVATE Harden::Harden)
    set(BAD "EXCEPT stack-protector REASON x")
  endif()
  cmake_language(EVAL CODE "harden_target(bad \${BAD})")
endif()
EOT
b=$T/build
CC=gcc cmake_configure "$b" "$p" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHARDEN_AUDIT="$AUDIT"
expect=$(report_key "$b/harden-report.txt" audit_expect)
case ",$expect," in *,pie,*) ;; *) fail "pie not expected with gcc: $expect" ;; esac
case ",$expect," in *,stack-protector,*) ;; *) fail "stack-protector not expected with gcc: $expect" ;; esac
cmake_build "$b"

# The premises.
assert_hardened_program "$b/good"
assert_hardened_program "$b/own"
for f in nopie nopie2; do
	[ "$(elf_type "$b/$f")" = EXEC ] || fail "$f is not ET_EXEC: the -no-pie did not win"
	elf_has_canary "$b/$f" || fail "$f lost its canary too"
done
elf_has_canary "$b/libnossp.so" && fail "libnossp.so has a canary: -fno-stack-protector did not win"
elf_has_relro "$b/libnossp.so" || fail "libnossp.so lost RELRO too"

elf_has_canary "$b/interp" && fail "interp has a canary: the exception did not reach it"
elf_is_pie "$b/interp" && elf_has_relro "$b/interp" && elf_has_now "$b/interp" && elf_nx_stack "$b/interp" &&
	elf_has_chk "$b/interp" || fail "interp lost more than its canary"
elf_has_now "$b/interp_lazy" && fail "interp_lazy has BIND_NOW: -z lazy did not win"
grep -q -- '-fno-stack-protector' "$b.build.log" || fail "no -fno-stack-protector on interp's lines"
grep -q -- "-- Hardening exception (C) of interp: stack-protector - off: exception: reads its own stack: -fno-stack-protector\$" \
	"$b.configure.log" || fail "the configure output does not give the exception: $(grep -i exception "$b.configure.log")"
[ "$(report_reason "$b/harden-except-interp.txt" stack-protector)" = "exception: reads its own stack" ] ||
	fail "harden-except-interp.txt: $(report_reason "$b/harden-except-interp.txt" stack-protector)"
report_key "$b/harden-except-interp.txt" audit_expect | grep -q stack-protector && fail "interp's report expects stack-protector"

# The whole suite fails.
if ctest --test-dir "$b" --output-on-failure >"$T/all.log" 2>&1; then
	cat "$T/all.log"
	fail "ctest passed with non-PIE programs and a library without canary"
fi

# audit NAME: runs one audit test; its output in $T/NAME.log, status in $rc.
audit() {
	ctest --test-dir "$b" -R "^$1-audit\$" --output-on-failure >"$T/$1.log" 2>&1
	rc=$?
	grep -q "Start .*: $1-audit" "$T/$1.log" || { cat "$T/$1.log"; fail "$1-audit did not run"; }
}
for t in good own interp; do
	audit $t
	[ $rc -eq 0 ] || { cat "$T/$t.log"; fail "$t-audit failed"; }
done
for t in nopie nopie2; do
	audit $t
	[ $rc -ne 0 ] || { cat "$T/$t.log"; fail "$t-audit passed"; }
	grep -q "$b/$t: pie not proven: no" "$T/$t.log" || { cat "$T/$t.log"; fail "$t-audit does not name pie"; }
	n=$(grep -c 'not proven' "$T/$t.log")
	[ "$n" -eq 1 ] || { cat "$T/$t.log"; fail "$t-audit: $n features not proven, want pie only"; }
done
audit interp_lazy
[ $rc -ne 0 ] || { cat "$T/interp_lazy.log"; fail "interp_lazy-audit passed"; }
grep -q "$b/interp_lazy: bind-now not proven: no" "$T/interp_lazy.log" || { cat "$T/interp_lazy.log"; fail "interp_lazy-audit does not name bind-now"; }
n=$(grep -c 'not proven' "$T/interp_lazy.log")
[ "$n" -eq 1 ] || { cat "$T/interp_lazy.log"; fail "interp_lazy-audit: $n features not proven, want bind-now only"; }
audit nossp
[ $rc -ne 0 ] || { cat "$T/nossp.log"; fail "nossp-audit passed"; }
grep -q "$b/libnossp.so: stack-protector not proven: unknown" "$T/nossp.log" ||
	{ cat "$T/nossp.log"; fail "nossp-audit does not name stack-protector as unknown"; }
n=$(grep -c 'not proven' "$T/nossp.log")
[ "$n" -eq 1 ] || { cat "$T/nossp.log"; fail "nossp-audit: $n features not proven, want stack-protector only"; }
# The unhardened program fails for each expected feature that the
# toolchain's defaults do not give it (at least bind-now with gcc).
if elf_has_now "$b/plain"; then
	echo "note: this gcc links with BIND_NOW by default; plain-audit not checked"
else
	audit plain
	[ $rc -ne 0 ] || { cat "$T/plain.log"; fail "plain-audit passed"; }
	grep -q "$b/plain: bind-now not proven: no" "$T/plain.log" || { cat "$T/plain.log"; fail "plain-audit does not name bind-now"; }
	elf_has_canary "$b/plain" || grep -q "$b/plain: stack-protector not proven" "$T/plain.log" ||
		{ cat "$T/plain.log"; fail "plain-audit does not name stack-protector"; }
fi

# The command: harden-audit built by the module, --expect <audit_expect>.
run "$T/show.log" ctest --test-dir "$b" -R '^good-audit$' -V
grep -q "Test command: $AUDIT \"--expect\" \"$expect\" \"$b/good\"\$" "$T/show.log" ||
	{ grep 'Test command' "$T/show.log"; fail "unexpected audit command"; }

# Bad exceptions stop the configure (the detection is cached: no probe).
bad() {
	if cmake -S "$p" -B "$b" "-DBAD=$1" >"$T/bad.log" 2>&1; then
		fail "-DBAD=$1 was accepted"
	fi
	tr -s ' \n' '  ' <"$T/bad.log" | grep -q -- "$2" || { cat "$T/bad.log"; fail "-DBAD=$1: no '$2'"; }
}
bad "EXCEPT stack-protectr REASON x" "harden_target(bad EXCEPT stack-protectr) (C): --except=stack-protectr: no feature stack-protectr (features: stack-protector, fortify-source,"
bad "EXCEPT stack-protector" 'harden_target(bad EXCEPT stack-protector): REASON "..." is required: why bad goes without it'
bad "EXCEPT stack-protector REASON \"  \"" 'REASON "..." is required'
bad "REASON x" "harden_target(bad EXCEPT ...): name the features bad goes without (features: stack-protector,"
bad linked "bad has exceptions (harden_target(bad EXCEPT ...)) and links Harden::Harden"

# Level none: nothing promised, nothing expected, every audit test passes.
cmake_configure "$b" "$p" -UBAD -DHARDENING=none
[ -z "$(report_key "$b/harden-report.txt" audit_expect)" ] || fail "level none: audit_expect=$(report_key "$b/harden-report.txt" audit_expect)"
cmake_build "$b"
run "$T/none.log" ctest --test-dir "$b" -V
grep -q -- '--expect' "$T/none.log" && fail "level none: the audit still has --expect"
grep -q "Test command: $AUDIT \"$b/nopie\"\$" "$T/none.log" ||
	{ grep 'Test command' "$T/none.log"; fail "level none: unexpected audit command"; }
grep -q '100% tests passed, 0 tests failed out of 8' "$T/none.log" || fail "level none: the audit tests did not all pass"
exit 0
