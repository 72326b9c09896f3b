#!/bin/sh
# words prints the distinct words, sorted, then their number; words N the
# length of the N-th.
printf 'pear apple\npear fig\n' >words.in
out=$(./words <words.in | tr '\n' ' ') || exit 1
test "$out" = "apple fig pear 3 distinct " || { echo "got: $out"; exit 1; }
out=$(./words 1 <words.in) || exit 1
test "$out" = 3 || { echo "words 1: got $out"; exit 1; }
