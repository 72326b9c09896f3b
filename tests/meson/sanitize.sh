#!/bin/sh
# -Db_sanitize=address: fortify-source is unsupported ("not with
# sanitizers") even in a release build.
. "$(dirname "$0")/lib.sh"
parent_with_copy "$T/p"
CC=gcc setup "$T/p" "$T/b" --buildtype=release -Db_sanitize=address
[ "$(state "$T/b" fortify-source)" = unsupported ] || fail "fortify-source is $(state "$T/b" fortify-source)"
reason "$T/b" fortify-source | grep -q 'sanitizer' || fail "reason: $(reason "$T/b" fortify-source)"
report "$T/b" | grep -q '_FORTIFY_SOURCE' && fail "fortify flags despite the sanitizer"
[ "$(state "$T/b" stack-protector)" = on ] || fail "stack-protector no longer on"
echo ok
