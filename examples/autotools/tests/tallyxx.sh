#!/bin/sh
# tallyxx (C++ on the C object of tally.c) prints what tally prints
# (HOST_RUNNER: see count.sh).
printf 'one two\nthree\n' >tallyxx.in
want=$($HOST_RUNNER ./tally$EXEEXT <tallyxx.in) || exit 1
got=$($HOST_RUNNER ./tallyxx$EXEEXT <tallyxx.in) || exit 1
test "$got" = "$want" || { echo "tallyxx: $got, tally: $want"; exit 1; }
