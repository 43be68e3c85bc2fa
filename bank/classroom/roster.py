"""The class list: a CSV with ``id`` and ``name`` columns (others are ignored).

Ids become file names (``worksheets/<id>.md``, ``<id>/<question>.txt``), so
they must be unique, even ignoring case, and safe in a path. Every problem is
reported with the CSV line it is on.

>>> numbered(2)
(Student(id='s001', name='Student 1'), Student(id='s002', name='Student 2'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import BankError
from . import spreadsheet
from .._files import NotRegular, TooLarge, Unreadable, read_regular

REQUIRED = ("id", "name")

#: Ids are used as file and folder names: letters, digits, ``.``, ``_``, ``-`` and ``@``.
SAFE_ID = re.compile(r"[A-Za-z0-9_@][A-Za-z0-9_.@-]*")

#: Largest roster or manifest read (a class of 100,000 is a few MB).
MAX_BYTES = 32 * 1024 * 1024

#: Longest id: a file name must stay well under the 255 bytes file systems allow.
MAX_ID = 100


class RosterError(BankError):
    """A roster that cannot be used; the message starts with ``path:line:``."""


@dataclass(frozen=True)
class Student:
    """One student: a stable id (seeds key on it) and a display name."""

    id: str
    name: str = ""


def numbered(count: int) -> tuple[Student, ...]:
    """Anonymous students ``s001``, ``s002``, … for ``--count N``."""
    width = max(3, len(str(count)))
    return tuple(Student(f"s{i:0{width}d}", f"Student {i}") for i in range(1, count + 1))


def read_roster(path: str | Path) -> tuple[Student, ...]:
    """Read a roster CSV; raise :class:`RosterError` naming the line at fault.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "r.csv")
    >>> _ = open(p, "w").write("id,name,email\\ns1,Ada,a@x\\ns2,Bo,b@x\\n")
    >>> [s.id for s in read_roster(p)]
    ['s1', 's2']
    """
    shown = str(path)
    return parse_roster(_read_text(Path(path), shown), shown)


def _read_text(path: Path, shown: str) -> str:
    try:
        data = read_regular(path, limit=MAX_BYTES)
    except NotRegular as exc:
        raise RosterError(f"{shown}: cannot read the roster: it is {exc.what}") from None
    except TooLarge:
        raise RosterError(f"{shown}: cannot read the roster: it is larger than {MAX_BYTES:,} bytes") from None
    except Unreadable as exc:
        raise RosterError(f"{shown}: cannot read the roster: {exc.reason}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise RosterError(f"{shown}:{line}: the roster is not UTF-8 text "
                          f"(byte 0x{data[exc.start]:02x}); save it as CSV UTF-8") from None


def parse_roster(text: str, shown: str = "roster.csv") -> tuple[Student, ...]:
    """Parse roster text (see :func:`read_roster`)."""
    reader = spreadsheet.rows(text, shown, RosterError)
    _, header = next(reader, (1, []))
    if not any(h.strip() for h in header):
        raise RosterError(f"{shown}:1: the roster is empty; expected a header row with `id` and `name`")
    columns = _columns(header, shown)
    students: list[Student] = []
    seen: dict[str, tuple[str, int]] = {}
    for line, row in reader:
        if not any(cell.strip() for cell in row):
            continue
        student = _student(row, columns, f"{shown}:{line}")
        _check_unique(student.id, seen, line, shown)
        students.append(student)
    if not students:
        raise RosterError(f"{shown}:2: the roster has a header but no students")
    return tuple(students)


def _columns(header: list[str], shown: str) -> dict[str, int]:
    names = [h.strip().lower() for h in header]
    missing = [c for c in REQUIRED if c not in names]
    if missing:
        found = ", ".join(f"`{h.strip()}`" for h in header if h.strip()) or "nothing"
        listed = " and ".join(f"`{m}`" for m in missing)
        raise RosterError(f"{shown}:1: the header has no {listed} column (found {found}); "
                          f"a roster needs `id` and `name`")
    return {c: names.index(c) for c in REQUIRED}


def _student(row: list[str], columns: dict[str, int], where: str) -> Student:
    cells = [row[i].strip() if i < len(row) else "" for i in (columns["id"], columns["name"])]
    sid, name = cells
    if not sid:
        raise RosterError(f"{where}: this row has no id")
    problem = id_problem(sid)
    if problem:
        raise RosterError(f"{where}: {problem}")
    return Student(sid, name)


def id_problem(sid: str, what: str = "id") -> str | None:
    """Why ``sid`` cannot name a student's files, or None when it can.

    >>> id_problem("ada@uni.edu") is None, id_problem("../../x")
    (True, 'id `../../x` cannot be used as a file name; use letters, digits, `.`, `_`, `-` or `@`')
    """
    if len(sid) > MAX_ID:
        return f"{what} `{sid[:20]}…` is {len(sid):,} characters long; the limit is {MAX_ID}"
    if not SAFE_ID.fullmatch(sid):
        return f"{what} `{sid}` cannot be used as a file name; use letters, digits, `.`, `_`, `-` or `@`"
    return None


def _check_unique(sid: str, seen: dict[str, tuple[str, int]], line: int, shown: str) -> None:
    folded = sid.casefold()
    if folded in seen:
        first, first_line = seen[folded]
        same = f"`{first}`" if first == sid else f"`{first}` (ids are compared ignoring case)"
        raise RosterError(f"{shown}:{line}: duplicate id `{sid}`: the same as {same} on line {first_line}")
    seen[folded] = (sid, line)
