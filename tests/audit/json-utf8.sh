#!/bin/sh
# json-utf8.sh - --json passes valid UTF-8 file names through unchanged
# (é, ÿ, 日本 come back as themselves, not as Latin-1 escapes) and writes
# every byte that is not valid UTF-8 as the lone surrogate \udcXX (Python's
# surrogateescape), which no valid name decodes to: a 0xff byte and a real
# ÿ (U+00FF) come back distinct, and the original bytes are recovered.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit
write_sources
${HARDEN_GCC:-gcc} -O2 -o "$T/good" "$T/src/nocanary.c" || fail "cannot compile"
mkdir "$T/n"
for n in 'é' 'ÿ' '日本' "$(printf 'a\377b')" "$(printf 'c\303d')" \
    "$(printf 'e\355\240\200f')" "$(printf 'x\033y')"; do
	cp "$T/good" "$T/n/$n" || fail "cannot create '$n'"
done
"$AUDIT" -j "$T"/n/* "$T/n/nonesuch-$(printf '\377')" >"$T/out" 2>/dev/null
[ $? -eq 2 ] || fail "exit status"
python3 - "$T/out" "$T/n" <<'EOPY' || fail "--json file names"
import json, os, sys
raw = open(sys.argv[1], 'rb').read()
d = json.loads(raw.decode('utf-8'))         # the document itself is UTF-8
dirb = os.fsencode(sys.argv[2])
got = {o['file'].encode('utf-8', 'surrogateescape'): o for o in d}
want = sorted(os.listdir(dirb)) + [b'nonesuch-\xff']
for name in want:
    assert dirb + b'/' + name in got, (name, list(got))
files = [o['file'].rsplit('/', 1)[1] for o in d]
for s in ('é', 'ÿ', '日本'):
    assert s in files, (s, files)
assert 'a\udcffb' in files and 'ÿ' in files     # told apart
assert 'c\udcc3d' in files                       # truncated sequence
assert 'e\udced\udca0\udc80f' in files          # encoded surrogate: invalid
assert 'x\x1by' in files                         # control: \u001b
assert '日本'.encode() in raw and b'\\udcff' in raw and b'\\u00ff' not in raw
assert b'\\u001b' in raw and b'\x1b' not in raw
assert 'error' in d[-1]
EOPY
echo "json-utf8: ok"
exit 0
