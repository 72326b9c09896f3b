#!/bin/sh
# The program counts what wc(1) counts.
printf 'one two\nthree\n' >count.in
out=$(./tally count.in) || exit 1
set -- $out
test "$1 $2 $3" = "2 3 14" || { echo "got: $out"; exit 1; }
