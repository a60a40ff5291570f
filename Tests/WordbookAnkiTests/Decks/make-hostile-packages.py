"""Writes the hostile packages and files the Reliability table (docs/Reliability.md) measures into the
folder given (default: the current one): fts.apkg, nested.apkg, overlap.apkg, bigfield.apkg,
photo.apkg and long.csv. Each is refused, or imported only in part, by `wordbook import`."""
import os, random, sqlite3, struct, sys, zipfile

os.chdir(sys.argv[1] if len(sys.argv) > 1 else '.')

def db(path, sql):
    if os.path.exists(path): os.remove(path)
    c = sqlite3.connect(path); c.executescript(sql); c.commit(); c.close()
    return open(path, 'rb').read()

def package(path, members, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, 'w', compression, compresslevel=9) as z:
        for name, data in members:
            z.writestr(name, data)

# 1. FTS5 notes over an unbounded recursive view.
fts = db('fts.sqlite', """
PRAGMA page_size=512;
CREATE VIEW v AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r)
  SELECT x AS id, 'w' AS flds FROM r;
CREATE VIRTUAL TABLE notes USING fts5(id, flds, content='v', content_rowid='id');
""")
package('fts.apkg', [('collection.anki2', fts), ('media', b'{}')])

# 2. zstd inside deflate, each layer under 100x: RLE blocks of 128 KiB and raw blocks of 1400
# bytes of two letters.
random.seed(1)
frame = bytearray(b'\x28\xb5\x2f\xfd\x00\x38')
def block(last, kind, size):
    h = (1 if last else 0) | kind << 1 | size << 3
    return bytes([h & 0xff, h >> 8 & 0xff, h >> 16 & 0xff])
pairs = 4800
for i in range(pairs):
    frame += block(False, 1, 1 << 17) + b'\x00'
    frame += block(i == pairs - 1, 0, 1400) + bytes(random.choice(b'ab') for _ in range(1400))
package('nested.apkg', [('collection.anki21b', bytes(frame)), ('media', b'{}')])

# 3. 50 directory entries for one 64 MiB deflated picture.
random.seed(2)
picture = bytes(random.choice(b'\x00\x00\x00\x00\x00\x00\x01') for _ in range(64 << 20))
notes = db('pic.sqlite', """
CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT);
INSERT INTO notes VALUES (1, '<img src="p.png">word' || char(31) || 'meaning');
""")
package('one.apkg', [('collection.anki2', notes), ('media', b'{"0": "p.png"}'), ('0', picture)])
raw = bytearray(open('one.apkg', 'rb').read())
# Find the central directory entry of "0" and repeat it 50 times under new names.
end = raw.rfind(b'PK\x05\x06')
count, dsize, doff = struct.unpack('<HII', raw[end+10:end+20])
entries = []; p = doff
for _ in range(count):
    n, e, c = struct.unpack('<HHH', raw[p+28:p+34]); size = 46+n+e+c
    entries.append(bytes(raw[p:p+size])); p += size
zero = [x for x in entries if x[46:47] == b'0'][0]
extra = []
for k in range(1, 50):
    name = ('%d' % k).encode()
    e = bytearray(zero[:46]) + name
    struct.pack_into('<H', e, 28, len(name)); struct.pack_into('<HH', e, 30, 0, 0)
    extra.append(bytes(e))
directory = b''.join(entries + extra)
tail = bytearray(raw[end:end+22])
struct.pack_into('<HHII', tail, 8, count+49, count+49, len(directory), doff)
open('overlap.apkg', 'wb').write(bytes(raw[:doff]) + directory + bytes(tail))

# 4. A note with a 2 MB field of random letters (so it is not refused as a zip bomb) between
# two good ones.
random.seed(4)
text = ''.join(random.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(2000000))
if os.path.exists('big.sqlite'): os.remove('big.sqlite')
c = sqlite3.connect('big.sqlite')
c.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT)")
c.execute("INSERT INTO notes VALUES (1, 'cat' || char(31) || 'meow')")
c.execute("INSERT INTO notes VALUES (2, 'long' || char(31) || ?)", (text,))
c.execute("INSERT INTO notes VALUES (3, 'dog' || char(31) || 'woof')")
c.commit(); c.close()
package('bigfield.apkg', [('collection.anki2', open('big.sqlite', 'rb').read()), ('media', b'{}')])

# 5. A CSV whose second record is a quoted meaning of 1.2 MB over 12,000 lines.
with open('long.csv', 'w') as f:
    f.write('term,meaning\nlong,"' + ('x' * 99 + '\n') * 12000 + '"\ncat,meow\n')

# 6. A package with a 3 MB picture of random bytes.
random.seed(3)
photo = bytes(random.getrandbits(8) for _ in range(3 << 20))
package('photo.apkg', [('collection.anki2', notes), ('media', b'{"0": "p.png"}'), ('0', photo)])
for name in ['fts.sqlite', 'pic.sqlite', 'big.sqlite', 'one.apkg']:
    os.remove(name)
for name in sorted(os.listdir('.')):
    print(name, os.path.getsize(name))
