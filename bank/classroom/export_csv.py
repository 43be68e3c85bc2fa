"""``answer-key.csv``: the full answer key, one row per student and question.

``params`` lists every given (``name = value``), ``working`` the numbered
worked steps with this student's numbers, one per line inside the cell.
"""

from __future__ import annotations

import csv
import io
from typing import Sequence

from .assign import Handout
from .key import KeyRow, shown

NAME = "answer-key.csv"
COLUMNS = ("student", "name", "question", "seed", "shared", "params", "working", "expected", "exact", "unit")


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"answer-key.csv": ...}``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        params = "; ".join(f"{name} = {shown(value)}" for name, value in row.params)
        working = "\n".join(f"{i}. {text}" for i, text in enumerate(row.working(), 1))
        writer.writerow([row.student.id, row.student.name, row.question.id, row.seed,
                         "yes" if row.assignment.shared else "no", params, working, row.expected,
                         row.result.exact(), row.result.unit])
    return {NAME: buffer.getvalue().encode("utf-8")}
