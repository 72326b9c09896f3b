#!/bin/sh
# words prints the distinct words, sorted, then their number; words N the
# length of the N-th (HOST_RUNNER: see count.sh).
printf 'pear apple\npear fig\n' >words.in
out=$($HOST_RUNNER ./words$EXEEXT <words.in) || exit 1
out=$(printf '%s\n' "$out" | tr -d '\r' | tr '\n' ' ')
test "$out" = "apple fig pear 3 distinct " || { echo "got: $out"; exit 1; }
out=$($HOST_RUNNER ./words$EXEEXT 1 <words.in) || exit 1
test "$(printf '%s' "$out" | tr -d '\r')" = 3 || { echo "words 1: got $out"; exit 1; }
