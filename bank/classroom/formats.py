"""Export formats by name, rendering in memory, and writing the files.

Every format renders to ``{relative path: bytes}`` first; nothing touches
the disk until everything has rendered, so a failure leaves no half-written
export. ``manifest.csv`` is always written: ``bank mark`` needs it.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Mapping, Sequence

from ..errors import BankError
from . import manifest
from .assign import Handout
from .key import KeyRow

#: format name -> module with ``render(handout, rows) -> {path: bytes}``.
FORMATS = {"md": "export_md", "html": "export_html", "json": "export_json", "csv": "export_csv",
           "moodle": "moodle", "gift": "gift", "anki": "anki"}


def render(fmt: str, handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """Every file of one export, plus the manifest."""
    module = importlib.import_module(f"{__package__}.{FORMATS[fmt]}")
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
