#!/bin/sh
# compare.sh - harden-audit agrees with checksec 2.6 (--output=csv),
# hardening-check (devscripts) and, for safe-rpath, wxorx, separate-code
# and sanitizer, with what this script reads itself from readelf -hlSds
# property by property, on the corpus and on
# a sample of 30 ELF programs from /usr/bin, except for the disagreements
# listed, with their reason, in tests/audit/expected-disagreements.txt.
# A disagreement not matched by a line there fails the test.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have checksec || fail "checksec not installed (Debian package checksec)"
have hardening-check || fail "hardening-check not installed (devscripts)"
have python3 || fail "python3 not installed"

build_audit
build_corpus

: >"$T/files"
while read -r name; do
	echo "$T/corpus/$name" >>"$T/files"
done <"$T/corpus/LIST"
# 30 ELF programs spread over /usr/bin, small enough for objdump -d.
# (One python3 for the 1,800 files: three processes a file took 30 s.)
python3 -c '
import os
for n in sorted(os.listdir("/usr/bin")):
    f = os.path.join("/usr/bin", n)
    if os.path.isfile(f) and not os.path.islink(f) and os.path.getsize(f) < 3000 * 1024:
        with open(f, "rb") as h:
            if h.read(4) == b"\x7fELF":
                print(f)
' >"$T/usrbin"
total=$(wc -l <"$T/usrbin")
[ "$total" -ge 30 ] || fail "only $total ELF files in /usr/bin"
awk -v n="$total" 'BEGIN { step = n / 30 } { if (NR - 1 >= k * step && k < 30) { print; k++ } }' \
    "$T/usrbin" >>"$T/files"

mkdir -p "$T/out"
# The three readings: checksec once for each half of the files
# (--listfile: the same check of each file as --file, without a start-up
# a file), hardening-check once a file (run on several files, it carries
# a verdict over from one file to the next), the two halves at a time (the
# machine has two cores); readelf of file N into out/N.re.
awk 'NR % 2' "$T/files" >"$T/files.1"
awk '!(NR % 2)' "$T/files" >"$T/files.2"
for h in 1 2; do
	{
		checksec --listfile="$T/files.$h" --output=csv >"$T/out/$h.cs" 2>/dev/null
		xargs -n 1 hardening-check <"$T/files.$h" >"$T/out/$h.hc" 2>/dev/null
		exit 0
	} &
done
awk '{ print NR, $0 }' "$T/files" | while read -r n f; do
	readelf -hlSdsW --dyn-syms "$f" >"$T/out/$n.re" 2>/dev/null
done
wait
# Exit 0 or 1 only (no expectations given: 0); 2 would be a reader failure.
xargs "$AUDIT" -j <"$T/files" >"$T/ours.json" 2>"$T/ours.err" ||
	{ cat "$T/ours.err" >&2; fail "harden-audit failed on the comparison set"; }

python3 - "$T/files" "$T/out" "$T/ours.json" \
    "$HARDEN_SRCDIR/tests/audit/expected-disagreements.txt" <<'EOPY'
import fnmatch, json, os, sys

files = open(sys.argv[1]).read().split('\n')[:-1]
out, ours_json, rules_file = sys.argv[2], sys.argv[3], sys.argv[4]
ours = {o['file']: o for o in json.load(open(ours_json))}

rules = []
for n, line in enumerate(open(rules_file), 1):
    line = line.strip()
    if not line or line.startswith('#'):
        continue
    f = line.split(None, 6)
    if len(f) < 7:
        sys.exit('%s:%d: need tool property ours theirs kind file reason' % (rules_file, n))
    rules.append({'f': f[:6], 'reason': f[6], 'line': n, 'used': 0})

def ours_val(o, prop):
    r = o['properties'][prop]['result']
    if prop == 'pie' and o['kind'] == 'shared' and r == 'n/a':
        return 'dso'
    if prop == 'pie' and o['kind'] == 'object':
        return 'rel'
    return r

# checksec --listfile --output=csv: a line a file, its path last.
cs_lines = {}
for h in ('1', '2'):
    for line in open(os.path.join(out, h + '.cs'), errors='replace'):
        c = line.rstrip('\n').split(',', 10)
        if len(c) == 11:
            cs_lines[c[10]] = c

def checksec(f):
    c = cs_lines.get(f, [])
    if len(c) < 10:
        return {}
    v = {}
    v['relro'] = {'Full RELRO': 'yes', 'Partial RELRO': 'yes', 'No RELRO': 'no'}.get(c[0])
    if c[0] != 'No RELRO':
        v['bind-now'] = 'yes' if c[0] == 'Full RELRO' else 'no'
    v['stack-protector'] = {'Canary found': 'yes', 'No Canary found': 'no'}.get(c[1])
    v['noexecstack'] = {'NX enabled': 'yes', 'NX disabled': 'no'}.get(c[2])
    v['pie'] = {'PIE enabled': 'yes', 'No PIE': 'no', 'DSO': 'dso', 'REL': 'rel'}.get(c[3])
    v['rpath'] = 'no' if c[4] == 'No RPATH' else 'yes'
    v['runpath'] = 'no' if c[5] == 'No RUNPATH' else 'yes'
    v['fortify-source'] = {'Yes': 'yes', 'No': 'no'}.get(c[7], 'unknown')
    # checksec shows any RPATH or RUNPATH as a finding.
    v['safe-rpath'] = 'yes' if c[4] == 'No RPATH' and c[5] == 'No RUNPATH' else 'no'
    return v

# readelf's view of the guide's ELF properties, computed here on its own
# from the program headers, sections, dynamic tags and symbols.
import re
LOADRE = re.compile(r'^\s*(LOAD|GNU_STACK)\s+(0x[0-9a-f]+)\s+0x[0-9a-f]+\s+0x[0-9a-f]+\s+(0x[0-9a-f]+)\s+0x[0-9a-f]+\s+(.{3})\s')
SECRE = re.compile(r'^\s*\[\s*\d+\]\s+(\S*)\s+(\S+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)\s')
SAN_SYMS = (('__asan_init', 'asan'), ('__ubsan_handle_', 'ubsan'), ('__tsan_init', 'tsan'),
            ('__msan_init', 'msan'), ('__hwasan_init', 'hwasan'))

def readelf(path):
    text = open(path, errors='replace').read()
    if 'Type:' not in text:
        return {}
    rel = re.search(r'Type:\s+REL ', text) is not None
    loads, stack, secs, paths, san = [], None, [], [], set()
    for line in text.split('\n'):
        m = LOADRE.match(line)
        if m and m.group(1) == 'LOAD':
            loads.append((int(m.group(2), 16), int(m.group(3), 16), m.group(4)))
        elif m:
            stack = m.group(4)
        m = SECRE.match(line)
        if m:
            secs.append((m.group(1), m.group(2), int(m.group(3), 16), int(m.group(4), 16), m.group(5)))
        m = re.search(r'Library (?:rpath|runpath): \[(.*)\]$', line)
        if m:
            paths += m.group(1).split(':')
        m = re.search(r'Shared library: \[lib(?:clang_rt\.)?(asan|ubsan|tsan|msan|hwasan|lsan)[._-]', line)
        if m:
            san.add(m.group(1))
        f = line.split()
        if len(f) >= 8 and f[0].endswith(':') and f[3] in ('FUNC', 'NOTYPE', 'OBJECT'):
            name = f[7].split('@')[0]
            if f[6] == 'UND' and f[4] == 'WEAK':
                continue
            for pre, s in SAN_SYMS:
                if name.startswith(pre):
                    san.add(s)
    if {'asan', 'tsan', 'msan', 'hwasan'} & san and not re.search(r'UND __ubsan_handle_', text) \
            and not re.search(r'Shared library: \[lib\S*ubsan', text):
        san.discard('ubsan')
    v = {'sanitizer': 'yes' if san else 'no' if "Symbol table '" in text else 'unknown'}
    if rel:
        return dict(v, **{'wxorx': 'n/a', 'separate-code': 'n/a', 'safe-rpath': 'n/a'})
    v['wxorx'] = 'no' if any('W' in f and 'E' in f for _, _, f in loads) or \
        stack is None or 'E' in stack else 'yes'
    code = [(o, n) for o, n, f in loads if 'E' in f and n > 0]
    shared = any(o == 0 for o, n in code) or any(
        'A' in fl and 'X' not in fl and t != 'NOBITS' and sz > 0 and
        any(so < o + n and o < so + sz for o, n in code)
        for _, t, so, sz, fl in secs)
    v['separate-code'] = 'no' if shared else 'yes' if secs or not code else 'unknown'
    v['safe-rpath'] = 'no' if any(p == '' or not (p.startswith('/') or
        re.match(r'\$ORIGIN(/|$)|\$\{ORIGIN\}', p)) for p in paths) else 'yes'
    return v

HC = {
    'Position Independent Executable': 'pie',
    'Stack protected': 'stack-protector',
    'Fortify Source functions': 'fortify-source',
    'Read-only relocations': 'relro',
    'Immediate binding': 'bind-now',
    'Stack clash protection': 'stack-clash-protection',
    'Control flow integrity': 'cf-protection',
    'Branch Protection': 'branch-protection',
}

def hcval(prop, text):
    if 'regular shared library' in text:
        return 'dso'
    if 'not a known ELF type' in text:
        return 'rel'
    if 'non-ELF' in text:
        return 'n/a'
    for w in ('yes', 'no', 'unknown'):
        if text.startswith(w):
            return w
    return text

# hardening-check FILE, file after file: a line "FILE:", then its indented lines.
hc_lines, cur = {}, None
for h in ('1', '2'):
    for line in open(os.path.join(out, h + '.hc'), errors='replace'):
        if not line.startswith(' ') and line.rstrip('\n').endswith(':'):
            cur = hc_lines.setdefault(line.rstrip('\n')[:-1], [])
        elif cur is not None:
            cur.append(line)

def hardening_check(f):
    v = {}
    for line in hc_lines.get(f, []):
        if ':' not in line or not line.startswith(' '):
            continue
        k, t = line.strip().split(':', 1)
        if k in HC:
            v[HC[k]] = hcval(HC[k], t.strip())
    return v

new, seen = [], 0
for i, f in enumerate(files, 1):
    o = ours.get(f)
    if o is None or 'error' in o:
        new.append('%s: harden-audit gave no result' % f)
        continue
    mine = {p: ours_val(o, p) for p in o['properties']}
    mine['rpath'] = 'yes' if o['rpath'] is not None else 'no'
    mine['runpath'] = 'yes' if o['runpath'] is not None else 'no'
    for tool, theirs in (('checksec', checksec(f)),
                         ('hardening-check', hardening_check(f)),
                         ('readelf', readelf(os.path.join(out, '%d.re' % i)))):
        if not theirs:
            new.append('%s: no output from %s' % (f, tool))
        for prop, tv in sorted(theirs.items()):
            mv = mine.get(prop)
            if tv is None or mv == tv:
                continue
            seen += 1
            key = (tool, prop, mv, tv, o['kind'])
            for r in rules:
                t, p, m, th, k, g = r['f']
                if (fnmatch.fnmatch(tool, t) and fnmatch.fnmatch(prop, p) and
                        fnmatch.fnmatch(mv, m) and fnmatch.fnmatch(tv, th) and
                        fnmatch.fnmatch(o['kind'], k) and
                        (fnmatch.fnmatch(os.path.basename(f), g) or fnmatch.fnmatch(f, g))):
                    r['used'] += 1
                    break
            else:
                new.append('%s %s %s %s %s %s  (unexpected)' % (tool, prop, mv, tv, o['kind'], f))

print('compare: %d files, %d expected disagreements' % (len(files), seen - len([x for x in new if x.endswith('(unexpected)')])))
for r in rules:
    print('  %4d x line %d: %s' % (r['used'], r['line'], ' '.join(r['f'])))
if new:
    print('FAIL: disagreements not in expected-disagreements.txt:', file=sys.stderr)
    print('  tool property ours theirs kind file', file=sys.stderr)
    for x in new:
        print('  ' + x, file=sys.stderr)
    sys.exit(1)
EOPY
