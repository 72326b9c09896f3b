#!/bin/sh
# --json keeps valid UTF-8 as it is and writes every byte that is not
# valid UTF-8 as the lone surrogate \udcXX (Python's surrogateescape), as
# harden-audit does (tools/lib/json.c): a source directory, a command and a
# failed variant's log path with a 0xff byte in them come back as those
# bytes, and the document itself is valid UTF-8.  Control characters are
# \u00XX escapes.
. "$(dirname "$0")/lib.sh"
cost_tool
need python3
src=$T/p-é-$(printf '\377')
work=$T/w-$(printf '\377')
tiny_project "$src"
run=$(printf ': \303\251 \377 \033; test "$HARDEN_COST_VARIANT" != standard-no-pie')
cost_make "$src" --features pie --rounds 1 --instructions none --workdir "$work" --quiet \
	--json="$T/out.json" --run "$run" >out 2>err
rc=$?
[ "$rc" -eq 1 ] || fail "exit $rc, want 1 (standard-no-pie's run fails): $(cat err)"
python3 - "$T/out.json" "$src" "$run" "$work" <<'EOPY' || fail "the JSON does not keep the bytes: $(cat "$T/out.json")"
import json, os, sys
raw = open(sys.argv[1], 'rb').read()
j = json.loads(raw.decode('utf-8'))         # the document itself is UTF-8
def back(s):
    return s.encode('utf-8', 'surrogateescape')
src, run, work = (os.fsencode(a) for a in sys.argv[2:5])
assert back(j['srcdir']) == src, j['srcdir']
assert back(j['command']) == run, j['command']
failed = [v for v in j['variants'] if v['name'] == 'standard-no-pie'][0]
assert back(failed['log']).startswith(work + b'/logs/'), failed['log']
assert 'é' in j['srcdir'] and 'é' in j['command']
assert b'\\udcff' in raw and b'\\u00ff' not in raw and b'\xff' not in raw
assert b'\\u001b' in raw and b'\x1b' not in raw
EOPY
echo ok
