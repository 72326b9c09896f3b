#!/bin/sh
# C++ enabled after include(Harden) was never probed, so its objects would
# get no flag: harden_target() and harden_add_audit_test() stop with an
# error that says so (instead of a silently unhardened program).  (The
# two projects configure one build tree in turn.)
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++

for call in 'harden_target(words)' 'harden_add_audit_test(audit words)'; do
	p=$T/proj
	rm -rf "$p" && mkdir -p "$p"
	cat >"$p/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.18)
project(late C)
list(APPEND CMAKE_MODULE_PATH "$S/cmake")
include(Harden)
enable_language(CXX)
enable_testing()
add_executable(words "$S/examples/autotools/src/words.cc")
$call
EOT
	if CC=gcc CXX=g++ cmake -S "$p" -B "$T/build" >"$T/late.log" 2>&1; then
		fail "$call was accepted"
	fi
	# CMake wraps the message: its words, on one line.
	tr -s ' \n' '  ' <"$T/late.log" | grep -q "${call%%(*}: the CXX language was enabled after the Harden module was included" ||
		{ cat "$T/late.log"; fail "$call: no error about the late CXX"; }
done
exit 0
