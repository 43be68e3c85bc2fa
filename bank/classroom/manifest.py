"""``manifest.csv``: who got which seed for which question, and the expected final answer.

``bank mark`` reads it back to regrade each submission against the
student's own variant. Columns: ``student, question, seed, expected,
exact, unit`` (``expected`` as the key prints it, ``exact`` as a fraction
or decimal in ``unit``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..errors import BankError
from .key import KeyRow

NAME = "manifest.csv"
COLUMNS = ("student", "question", "seed", "expected", "exact", "unit")


class ManifestError(BankError):
    """A manifest that cannot be read; the message starts with ``path:line:``."""


@dataclass(frozen=True)
class Entry:
    """One manifest row."""

    student: str
    question: str
    seed: str
    expected: str = ""
    exact: str = ""
    unit: str = ""
    line: int = 0


def render(rows: Sequence[KeyRow]) -> bytes:
    """The manifest for a key, one row per student and question."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row.student.id, row.question.id, row.seed, row.expected, row.result.exact(),
                         row.result.unit])
    return buffer.getvalue().encode("utf-8")


def read(path: str | Path) -> list[Entry]:
    """Read a manifest written by ``bank variants``; errors name the line.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "manifest.csv")
    >>> _ = open(p, "w").write("student,question,seed,expected,exact,unit\\ns1,q,ab12,32 s,32,s\\n")
    >>> read(p)[0].seed
    'ab12'
    """
    shown = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ManifestError(f"{shown}: no such manifest (`bank variants` writes manifest.csv)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError(f"{shown}: cannot read the manifest: {exc}") from None
    return _parse(text, shown)


def _parse(text: str, shown: str) -> list[Entry]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = [f.strip() for f in reader.fieldnames or []]
    missing = [c for c in ("student", "question", "seed") if c not in fields]
    if missing:
        raise ManifestError(f"{shown}:1: the manifest has no {', '.join(f'`{m}`' for m in missing)} column; "
                            f"expected {', '.join(COLUMNS)}")
    entries, seen = [], {}
    for record in reader:
        record = {(k or "").strip(): (v or "").strip() for k, v in record.items() if k}
        entry = Entry(*(record.get(c, "") for c in COLUMNS), line=reader.line_num)
        if not (entry.student and entry.question and entry.seed):
            raise ManifestError(f"{shown}:{reader.line_num}: every row needs a student, a question and a seed")
        key = (entry.student, entry.question)
        if key in seen:
            raise ManifestError(f"{shown}:{reader.line_num}: `{entry.student}` has `{entry.question}` twice "
                                f"(first on line {seen[key]})")
        seen[key] = reader.line_num
        entries.append(entry)
    if not entries:
        raise ManifestError(f"{shown}: the manifest has no rows")
    return entries
