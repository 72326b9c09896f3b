#!/bin/sh
# make check runs each test script through this (SH_LOG_COMPILER): the
# scripts run the programs built, which a cross build can run only through
# an emulator that the builder names (make check HOST_RUNNER=wine, or
# qemu-aarch64 -L ...); without one they are skipped.
if test "$cross_compiling" = yes && test -z "$HOST_RUNNER"; then
	echo "$1: skipped: the programs are built for $host, not for this machine (HOST_RUNNER=EMULATOR runs them)"
	exit 77
fi
exec "${SHELL:-/bin/sh}" "$1"
