"""``manifest.csv``: who got which seed for which question, and every expected answer.

``bank mark`` reads it back to regrade each submission against the
student's own variant. Columns: ``student, question, part, seed, expected,
exact, unit``, one row per answer part (``part`` names the step; most
questions have one part, so one row per student and question).
``expected`` is the answer as the key prints it and ``exact`` a fraction or
decimal in ``unit``. Cells are written spreadsheet-safe
(:mod:`.spreadsheet`). A manifest from before answer parts (no ``part``
column) still reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..errors import BankError
from . import spreadsheet
from .key import KeyRow
from .._files import NotRegular, TooLarge, Unreadable, read_regular
from .roster import MAX_BYTES, id_problem

NAME = "manifest.csv"
COLUMNS = ("student", "question", "part", "seed", "expected", "exact", "unit")
REQUIRED = ("student", "question", "seed")


class ManifestError(BankError):
    """A manifest that cannot be read; the message starts with ``path:line:``."""


@dataclass(frozen=True)
class Expected:
    """One answer part the key expects (``part`` is empty in a manifest written before parts)."""

    part: str
    text: str = ""
    exact: str = ""
    unit: str = ""


@dataclass(frozen=True)
class Entry:
    """One student's question: the seed, the answers expected, and the manifest line it starts on."""

    student: str
    question: str
    seed: str
    expected: tuple[Expected, ...] = ()
    line: int = 0


def render(rows: Sequence[KeyRow]) -> bytes:
    """The manifest for a key: one row per student, question and answer part."""
    return spreadsheet.write(COLUMNS, ([row.student.id, row.question.id, part.name, row.seed, part.text,
                                        part.value.exact(), part.value.unit]
                                       for row in rows for part in row.parts))


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
        text = read_regular(path, limit=MAX_BYTES).decode("utf-8-sig")
    except NotRegular as exc:
        raise ManifestError(f"{shown}: cannot read the manifest: it is {exc.what}") from None
    except TooLarge:
        raise ManifestError(f"{shown}: cannot read the manifest: it is larger than {MAX_BYTES:,} bytes") from None
    except Unreadable as exc:
        if isinstance(exc.error, FileNotFoundError):
            raise ManifestError(f"{shown}: no such manifest (`bank variants` writes manifest.csv)") from None
        raise ManifestError(f"{shown}: cannot read the manifest: {exc.reason}") from None
    except UnicodeDecodeError as exc:
        raise ManifestError(f"{shown}: the manifest is not UTF-8 text: {exc.reason}") from None
    return _parse(text, shown)


def _parse(text: str, shown: str) -> list[Entry]:
    records = spreadsheet.rows(text, shown, ManifestError)
    _, header = next(records, (1, []))
    fields = [h.strip() for h in header]
    missing = [c for c in REQUIRED if c not in fields]
    if missing:
        raise ManifestError(f"{shown}:1: the manifest has no {', '.join(f'`{m}`' for m in missing)} column; "
                            f"expected {', '.join(COLUMNS)}")
    entries: dict[tuple[str, str], Entry] = {}
    seen: dict[tuple[str, str, str], int] = {}
    folded: dict[str, str] = {}
    for line, cells in records:
        if not any(c.strip() for c in cells):
            continue
        record = {f: spreadsheet.unquote(c.strip()) for f, c in zip(fields, cells)}
        get = lambda name: record.get(name, "")  # noqa: E731
        where = f"{shown}:{line}"
        if not (get("student") and get("question") and get("seed")):
            raise ManifestError(f"{where}: every row needs a student, a question and a seed")
        _check_ids(get("student"), get("question"), folded, where)
        key = (get("student"), get("question"), get("part"))
        if key in seen:
            part = f" part `{key[2]}`" if key[2] else ""
            raise ManifestError(f"{where}: `{key[0]}` has `{key[1]}`{part} twice (first on line {seen[key]})")
        seen[key] = line
        expected = Expected(get("part"), get("expected"), get("exact"), get("unit"))
        entry = entries.get(key[:2])
        if entry is None:
            entries[key[:2]] = Entry(key[0], key[1], get("seed"), (expected,), line)
        elif entry.seed != get("seed"):
            raise ManifestError(f"{where}: `{key[0]}` has `{key[1]}` with seed `{get('seed')}` here and "
                                f"`{entry.seed}` on line {entry.line}")
        else:
            entries[key[:2]] = Entry(entry.student, entry.question, entry.seed, entry.expected + (expected,),
                                     entry.line)
    if not entries:
        raise ManifestError(f"{shown}: the manifest has no rows")
    return list(entries.values())


def _check_ids(student: str, question: str, folded: dict[str, str], where: str) -> None:
    """Ids name files (``<student>/<question>.txt``, ``feedback/<student>.txt``): the roster's rules apply."""
    problem = id_problem(student, "student id") or id_problem(question, "question id")
    if problem:
        raise ManifestError(f"{where}: {problem}")
    first = folded.setdefault(student.casefold(), student)
    if first != student:
        raise ManifestError(f"{where}: student `{student}` and `{first}` differ only in case; "
                            f"their files would collide")
