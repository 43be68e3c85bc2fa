"""GIFT: one numerical question per distinct variant, with a tolerance.

``::<question-id> <students>::[markdown]<problem> {#<answer>:<tolerance>####<worked steps>}``

The tolerance is half a unit in the last place the answer key prints
(``11.7`` accepts 11.65–11.75), so an answer typed as the key shows it is
right. GIFT's special characters ``~ = # { } :`` and the backslash are
escaped wherever text appears; blank lines (which end a GIFT question) are
folded.
"""

from __future__ import annotations

import re
from typing import Sequence

from .assign import Handout
from .key import KeyRow, decimal, distinct_rows, half_unit, places

NAME = "questions.gift"

_SPECIAL = re.compile(r"([\\~=#{}:])")


def escape(text: str) -> str:
    """Escape GIFT's special characters and fold the text onto lines without blank ones between them.

    >>> escape("a: b = {c}\\n\\nd")
    'a\\\\: b \\\\= \\\\{c\\\\}\\nd'
    """
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return _SPECIAL.sub(r"\\\1", "\n".join(line for line in lines if line))


def render(handout: Handout, rows: Sequence[KeyRow]) -> dict[str, bytes]:
    """``{"questions.gift": ...}``."""
    out = [f"// bank variants: class seed {handout.seed}, {len(handout.students)} students", ""]
    for row, students in distinct_rows(rows):
        out += [question(row, [s.id for s in students]), ""]
    return {NAME: "\n".join(out).encode("utf-8")}


def question(row: KeyRow, students: Sequence[str]) -> str:
    """One GIFT numerical question for a variant."""
    title = escape(f"{row.question.id} {', '.join(students)}")
    stem = row.problem() + (f"\n\nGive the answer in {row.result.unit}." if row.result.unit else "")
    answer = decimal(row.result.magnitude, max(places(row.result) + 2, 0))
    tolerance = decimal(half_unit(row.result), max(places(row.result) + 1, 0))
    feedback = "\n".join(f"{i}. {text}" for i, text in enumerate(row.working(), 1))
    feedback += f"\nFinal answer: {row.expected}"
    return (f"// {row.question.id}, seed {row.seed}\n"
            f"::{title}::[markdown]{escape(stem)} {{#{answer}:{tolerance}####{escape(feedback)}}}")
