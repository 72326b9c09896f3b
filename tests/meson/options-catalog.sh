#!/bin/sh
# meson_options.txt follows catalog/features.txt: one combo option per
# feature ("-" -> "_") whose choices are auto, enabled, disabled, yes, no
# and the feature's value names, default auto, yielding to the parent;
# plus "hardening" and "except" (an array, empty: the targets'
# exceptions); and no option for a feature the catalog lacks.
. "$HARDEN_SRCDIR/tests/lib.sh"
need meson python3
meson introspect --buildoptions "$S/meson.build" >"$T/options.json" 2>"$T/err" ||
	{ cat "$T/err"; fail "meson introspect failed"; }
python3 - "$S/catalog/features.txt" "$T/options.json" "$S/meson_options.txt" <<'EOF' || fail "options and catalog disagree"
import json, re, sys
features, values = [], {}
for line in open(sys.argv[1]):
    w = line.split()
    if not w or w[0].startswith('#'):
        continue
    if w[0] == 'feature':
        features.append(w[1]); values[w[1]] = []
    elif w[0] == 'value' and w[2] not in values[w[1]]:
        values[w[1]].append(w[2])
opts = {o['name']: o for o in json.load(open(sys.argv[2])) if o['section'] == 'user'}
text = open(sys.argv[3]).read()
bad = []
if not features:
    bad.append('no feature read from the catalog')
for f in features:
    name = f.replace('-', '_')
    o = opts.pop(name, None)
    if o is None:
        bad.append('%s: no option %s' % (f, name)); continue
    want = ['auto', 'enabled', 'disabled', 'yes', 'no'] + [v for v in values[f] if v != 'yes']
    if o['type'] != 'combo' or sorted(o['choices']) != sorted(want):
        bad.append('%s: choices %s, want %s' % (name, o.get('choices'), want))
    if o['value'] != 'auto':
        bad.append('%s: default %s, want auto' % (name, o['value']))
    block = re.search(r"option\(\s*'%s',(.*?)\n\)" % name, text, re.S)
    if not block or not re.search(r'yield:\s*true', block.group(1)):
        bad.append('%s: not yield: true' % name)
e = opts.pop('except', None)
if e is None or e['type'] != 'array' or e['value'] != []:
    bad.append('except: missing or wrong: %s' % e)
h = opts.pop('hardening', None)
if h is None or h.get('choices') != ['none', 'standard', 'strict'] or h['value'] != 'standard':
    bad.append('hardening: missing or wrong: %s' % h)
for name in opts:
    bad.append('option %s is no feature of the catalog' % name)
print('\n'.join(bad))
sys.exit(1 if bad else 0)
EOF
echo ok
