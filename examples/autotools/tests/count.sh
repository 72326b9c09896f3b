#!/bin/sh
# The program counts what wc(1) counts (HOST_RUNNER: an emulator, for a
# cross build; a Windows program ends its lines with \r\n).
printf 'one two\nthree\n' >count.in
out=$($HOST_RUNNER ./tally$EXEEXT count.in) || exit 1
set -- $(printf '%s\n' "$out" | tr -d '\r')
test "$1 $2 $3" = "2 3 14" || { echo "got: $out"; exit 1; }
