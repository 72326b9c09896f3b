#!/bin/sh
# tallyxx (C++ on the C object of tally.c) prints what tally prints.
printf 'one two\nthree\n' >tallyxx.in
want=$(./tally <tallyxx.in) || exit 1
got=$(./tallyxx <tallyxx.in) || exit 1
test "$got" = "$want" || { echo "tallyxx: $got, tally: $want"; exit 1; }
