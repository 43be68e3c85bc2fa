"""Anki: an ``.apkg`` deck (genanki) with one note per distinct variant.

Front: the question title and the problem with the variant's numbers.
Back: the worked steps and the final answer. Model, deck and note ids
are derived from the questions and the class seed with SHA-256, and the
package is written with a fixed timestamp and fixed zip dates, so the same
inputs give a byte-identical file and re-importing a deck updates its notes
instead of duplicating them.
"""

from __future__ import annotations

import hashlib
import io
import os
import sqlite3
import tempfile
import zipfile
from typing import TYPE_CHECKING, Sequence

from markupsafe import escape

from .assign import Handout
from .export_html import markdown
from .key import KeyRow, distinct_rows

if TYPE_CHECKING:
    import genanki

NAME = "deck.apkg"
FIELDS = ("Question", "Problem", "Working", "Answer", "Seed")

#: 1980-01-01, the earliest date a zip entry can carry.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

_CSS = """.card { font-family: Georgia, serif; font-size: 18px; text-align: left; color: #111; background: #fff; }
.id { color: #666; font-size: 14px; }
.final { font-weight: bold; }"""


def stable_id(*parts: object) -> int:
    """A 31-bit id from SHA-256 of ``parts``, in the range genanki recommends (1 << 30 to 1 << 31).

    >>> stable_id("deck", "spring") == stable_id("deck", "spring")
    True
    """
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return (1 << 30) + int.from_bytes(digest[:4], "big") % (1 << 30)


def model() -> genanki.Model:
    """The note type: five fields, one card (problem on the front, working on the back)."""
    import genanki

    return genanki.Model(
        stable_id("bank", "model", 1), "bank worked variant",
        fields=[{"name": f} for f in FIELDS],
        templates=[{"name": "Worked answer",
                    "qfmt": '<div class="id">{{Question}}</div>{{Problem}}',
                    "afmt": '{{FrontSide}}<hr id="answer">{{Working}}<p class="final">{{Answer}}</p>'
                            '<div class="id">seed {{Seed}}</div>'}],
        css=_CSS)


def note(row: KeyRow, note_model: genanki.Model) -> genanki.Note:
    """One note for a variant; its guid is derived from the question and the numbers."""
    import genanki

    working = "<ol>" + "".join(f"<li>{escape(t)}</li>" for t in row.working()) + "</ol>"
    finals = row.final_lines()
    answer = (str(escape(f"Final answer: {finals[0]}")) if len(finals) == 1 else
              "Final answers:<br>" + "<br>".join(str(escape(f)) for f in finals))
    fields = [str(escape(f"{row.question.title} ({row.question.id})")), str(markdown(row.problem())).strip(),
              working, answer, str(escape(row.seed))]
    guid = genanki.guid_for(row.question.id, *(f"{k}={v}" for k, v in row.assignment.variant.values))
    return genanki.Note(model=note_model, fields=fields, guid=guid, tags=[row.question.id.replace(" ", "_")])


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"deck.apkg": ...}``."""
    import genanki

    ids = ",".join(q.id for q in handout.questions)
    deck = genanki.Deck(stable_id("bank", "deck", handout.seed, ids), f"bank variants ({handout.seed})")
    note_model = model()
    for row, _ in distinct_rows(rows):
        deck.add_note(note(row, note_model))
    # A fixed, input-derived timestamp: genanki numbers notes and cards from it.
    timestamp = 1_500_000_000 + stable_id("bank", "time", handout.seed, ids) % 100_000_000
    return {NAME: package(genanki.Package(deck), timestamp)}


def package(pkg: genanki.Package, timestamp: float) -> bytes:
    """The ``.apkg`` bytes: genanki's collection database, zipped with fixed dates."""
    import itertools

    fd, path = tempfile.mkstemp(suffix=".anki2")
    os.close(fd)
    try:
        connection = sqlite3.connect(path)
        pkg.write_to_db(connection.cursor(), timestamp, itertools.count(int(timestamp * 1000)))
        connection.commit()
        connection.close()
        with open(path, "rb") as handle:
            database = handle.read()
    finally:
        os.unlink(path)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in (("collection.anki2", database), ("media", b"{}")):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()
