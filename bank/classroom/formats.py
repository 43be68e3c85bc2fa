"""Export formats by name, rendering in memory, and writing the files.

Every format renders to ``{relative path: bytes}`` first; nothing touches
the disk until everything has rendered, so a failure leaves no half-written
export. ``manifest.csv`` is always written: ``bank mark`` needs it.

This module imports nothing heavy, so ``bank variants --help`` can list
the formats from :data:`FORMATS` at once.

>>> describe()[:43]
'md (worksheets/ and answer-key.md), html (w'
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

from ..errors import BankError

if TYPE_CHECKING:
    from .assign import Handout
    from .key import KeyRow

#: format name -> (module with ``render(handout, rows) -> {path: bytes}``, what it writes).
FORMATS = {
    "md": ("export_md", "worksheets/ and answer-key.md"),
    "html": ("export_html", "worksheets.html and answer-key.html"),
    "json": ("export_json", "answer-key.json"),
    "csv": ("export_csv", "answer-key.csv"),
    "moodle": ("moodle", "moodle.xml: calculated questions, Cloze for several answers"),
    "gift": ("gift", "questions.gift: numerical questions"),
    "anki": ("anki", "deck.apkg"),
}

DEFAULT = "md"

#: Where ``bank variants`` writes, and where ``bank mark`` puts marks.csv (feedback/ goes beside it).
VARIANTS_OUT = "variants"
MARKS_OUT = "marks.csv"


def describe() -> str:
    """Every format with what it writes, for ``--help``."""
    return ", ".join(f"{name} ({what})" for name, (_, what) in FORMATS.items())


def render(fmt: str, handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """Every file of one export, plus the manifest."""
    from . import manifest

    module = importlib.import_module(f"{__package__}.{FORMATS[fmt][0]}")
    files = module.render(handout, rows)
    return {manifest.NAME: manifest.render(rows), **files}


def write(out: str | Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write the files under ``out`` (creating folders), in sorted order; return their paths."""
    root = Path(out)
    written = []
    try:
        for name in sorted(files):
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[name])
            written.append(path)
    except OSError as exc:
        raise BankError(f"cannot write {exc.filename or root}: {exc.strerror or exc}") from None
    return written


def summary(files: Mapping[str, bytes]) -> list[str]:
    """Top-level names written: files, and folders with a trailing slash.

    >>> summary({"manifest.csv": b"", "worksheets/a.md": b"", "worksheets/b.md": b""})
    ['manifest.csv', 'worksheets/']
    """
    return sorted({name.split("/")[0] + ("/" if "/" in name else "") for name in files})
