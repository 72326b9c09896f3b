# gen_hostile_ar.py DIR OBJECT...: valid and hostile static libraries
# (gen_hostile_ar in tests/audit/lib.sh; malformed.sh, fuzz.sh).
import os, random, sys

out, objs = sys.argv[1], sys.argv[2:]
os.makedirs(out, exist_ok=True)
lists = {k: open(os.path.join(out, k), 'w') for k in ('AR-REJECT', 'AR-MEMBER', 'AR-FLIP')}

def hdr(name, size, fmag=b'`\n', size_field=None):
    f = size_field if size_field is not None else str(size).encode()
    h = name.ljust(16) + b'0'.ljust(12) + b'0'.ljust(6) + b'0'.ljust(6) + \
        b'644'.ljust(8) + f.ljust(10)[:10] + fmag
    assert len(h) == 60
    return h

def member(name, data, **kw):
    return hdr(name, len(data), **kw) + data + (b'\n' if len(data) % 2 else b'')

def archive(members, names=None):
    a = b'!<arch>\n' + member(b'/', b'\0\0\0\0')
    if names is not None:
        a += member(b'//', names)
    return a + b''.join(members)

def emit(kind, name, data):
    path = os.path.join(out, 'ar.' + name)
    open(path, 'wb').write(data)
    if kind:
        lists[kind].write(path + '\n')

blobs = [open(o, 'rb').read() for o in objs]
long = b'a_member_name_longer_than_sixteen.o'
names = long + b'/\n'
valid = archive([member(b'short.o/', blobs[0]), member(b'/0', blobs[-1])], names)
emit(None, 'valid', valid)
emit('AR-REJECT', 'trunc-header', valid[:8 + 30])
emit('AR-REJECT', 'trunc-member', valid[:len(valid) - 100])
emit('AR-REJECT', 'bad-fmag', archive([member(b'x.o/', blobs[0], fmag=b'XX')]))
emit('AR-REJECT', 'size-not-decimal', archive([member(b'x.o/', blobs[0], size_field=b'12a4')]))
emit('AR-REJECT', 'size-blank', archive([member(b'x.o/', blobs[0], size_field=b'')]))
emit('AR-REJECT', 'size-past-end', archive([hdr(b'x.o/', 0, size_field=b'999999999') + blobs[0]]))
emit('AR-REJECT', 'size-huge', archive([hdr(b'x.o/', 0, size_field=b'9999999999') + blobs[0]]))
emit('AR-REJECT', 'longname-no-table', archive([member(b'/0', blobs[0])]))
emit('AR-REJECT', 'longname-outside', archive([member(b'/4000', blobs[0])], names))
emit('AR-REJECT', 'longname-not-decimal', archive([member(b'/1x', blobs[0])], names))
emit('AR-REJECT', 'two-name-tables', archive([member(b'//', names), member(b'/0', blobs[0])], names))
emit('AR-REJECT', 'bsd-name-too-long', archive([hdr(b'#1/500', 10) + b'0123456789']))
emit('AR-MEMBER', 'member-text', archive([member(b'short.o/', blobs[0]), member(b'README/', b'not an object\n')]))
emit('AR-MEMBER', 'member-trunc-elf', archive([member(b'short.o/', blobs[0]), member(b'cut.o/', blobs[0][:40])]))
emit('AR-MEMBER', 'member-pe', archive([member(b'short.o/', blobs[0]), member(b'w.o/', b'MZ' + bytes(200))]))
# Still valid: an unterminated long name, a name table at the very end.
emit(None, 'longname-unterminated', archive([member(b'/0', blobs[0])], long))
rnd = random.Random(20)
for k in range(60):
    d = bytearray(valid)
    for _ in range(rnd.randint(1, 4)):
        # the magic is kept: the walk, not the identification, is tested
        d[rnd.randrange(8, 8 + 60 * 3 + len(names))] = rnd.randrange(256)
    emit('AR-FLIP', 'flip%02d' % k, bytes(d))
