"""``answer-key.csv``: the full answer key, one row per student and question.

``params`` lists every given (``name = value``), ``working`` the numbered
worked steps with this student's numbers, one per line inside the cell.
``expected`` is every answer part as the key prints it (``32 s``, or
``drain time: 21 s; drain cost: $0.014`` for a question with several parts);
``parts``, ``exact`` and ``unit`` list each part's step, exact value and
unit in the same order, separated by ``; ``. Cells are spreadsheet-safe
(:mod:`.spreadsheet`).
"""

from __future__ import annotations

from typing import Sequence

from . import spreadsheet
from .assign import Handout
from .key import KeyRow, shown

NAME = "answer-key.csv"
COLUMNS = ("student", "name", "question", "seed", "shared", "params", "working", "expected", "parts", "exact",
           "unit")


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"answer-key.csv": ...}``."""
    return {NAME: spreadsheet.write(COLUMNS, (_row(row) for row in rows))}


def _row(row: KeyRow) -> list[object]:
    params = "; ".join(f"{name} = {shown(value)}" for name, value in row.params)
    working = "\n".join(f"{i}. {text}" for i, text in enumerate(row.working(), 1))
    parts = row.parts
    return [row.student.id, row.student.name, row.question.id, row.seed, "yes" if row.assignment.shared else "no",
            params, working, row.expected, "; ".join(p.name for p in parts),
            "; ".join(p.value.exact() for p in parts), "; ".join(p.value.unit for p in parts)]
