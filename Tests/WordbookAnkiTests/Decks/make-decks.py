#!/usr/bin/env python3
"""Makes the small Anki packages the WordbookAnki tests import, with genanki.

Run from anywhere: `python3 Tests/WordbookAnkiTests/Decks/make-decks.py [FOLDER]` (needs
`pip install genanki`); the decks go to FOLDER, by default this script's folder. The .apkg files are checked in beside this script, so the tests do not
need Python; run it again only to change the decks, and update the tests' expected counts.
"""
import os
import struct
import sys
import tempfile
import zipfile
import zlib

import genanki

HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

MODEL = genanki.Model(
    1607392319,
    "Wordbook Basic",
    fields=[{"name": "Front"}, {"name": "Back"}],
    templates=[{"name": "Card 1", "qfmt": "{{Front}}", "afmt": "{{FrontSide}}<hr id=answer>{{Back}}"}],
)


def png(red, green, blue):
    """A 2x2 PNG of one colour: a real picture, made without an imaging library."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes([red, green, blue]) * 2 for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def write(name, deck_id, notes, media=()):
    deck = genanki.Deck(deck_id, name)
    for fields in notes:
        deck.add_note(genanki.Note(model=MODEL, fields=list(fields), guid=genanki.guid_for(*fields)))
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for file_name, data in media:
            path = os.path.join(folder, file_name)
            with open(path, "wb") as file:
                file.write(data)
            paths.append(path)
        package = genanki.Package(deck)
        package.media_files = paths
        stored = os.path.join(folder, "stored.apkg")
        package.write_to_file(stored)
        # genanki stores members uncompressed; Anki deflates them, so the decks do too.
        with zipfile.ZipFile(stored) as source, zipfile.ZipFile(
            os.path.join(HERE, name + ".apkg"), "w", zipfile.ZIP_DEFLATED
        ) as target:
            for info in source.infolist():
                target.writestr(info.filename, source.read(info.filename))


write("basic", 2059400110, [("apple", "사과"), ("book", "<b>책</b>"), ("cat", "고양이")])
write(
    "pictures",
    2059400111,
    [
        ("red", 'a colour<br><img src="red.png">'),
        ("crimson", '<img src="crimson.png"> the same red, another name'),
        ("green", "<img src='green.png'>"),
        ("blue", '<img src="blue.png">'),  # named by no file in the package
    ],
    media=[("red.png", png(255, 0, 0)), ("crimson.png", png(255, 0, 0)),
           ("green.png", png(0, 255, 0)), ("unused.png", png(0, 0, 255))],
)
write(
    "sounds",
    2059400112,
    [("dog", "개 [sound:dog.mp3]"), ("[sound:bird.mp3]", "a note with nothing but a sound")],
    media=[("dog.mp3", b"ID3 not really an mp3"), ("bird.mp3", b"ID3 nor this")],
)
write(
    "html",
    2059400113,
    [
        ("<script>alert('x')</script>bold <b>term</b>", "line<br>break &amp; entity<style>p{}</style>"),
        ("<div>plain</div>", "<script src=x.js></script>kept"),
    ],
)
write(
    "korean",
    2059400114,
    [("만", "only"), ("만", "ten thousand"), ("안녕하세요", "hello"), ("사랑", "love")],
)
