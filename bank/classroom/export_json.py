"""``answer-key.json``: the full answer key, for scripts.

Keys are sorted and the text ends with a newline, so the file is
byte-identical for the same inputs.
"""

from __future__ import annotations

import json
from typing import Sequence

from .assign import Handout
from .key import KeyRow

NAME = "answer-key.json"


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"answer-key.json": ...}`` with the class, the questions, any shortfalls and one row per assignment."""
    data = {
        "class_seed": handout.seed,
        "students": [{"id": s.id, "name": s.name} for s in handout.students],
        "questions": [{"id": q.id, "bank": q.bank, "level": q.level, "title": q.title,
                       "result": q.worked.parts[0], "parts": list(q.worked.parts)}
                      for q in handout.questions if q.worked is not None],
        "shortfalls": [s.message() for s in handout.shortfalls],
        "rows": [row.as_dict() for row in rows],
    }
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return {NAME: text.encode("utf-8")}
