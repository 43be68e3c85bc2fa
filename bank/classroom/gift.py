"""GIFT: one numerical question per distinct variant and answer part, with a tolerance.

``::<question-id> <students>::[markdown]<problem> {#<answer>:<tolerance>####<worked steps>}``

GIFT holds one answer per question, so a question with several answer
parts becomes one question per part, titled with the part
(``::drain-bill s001 (part 1 of 2: drain time)::``) and asking for it by name.

The tolerance is half a unit in the last place the answer key prints
(``11.7`` accepts 11.65–11.75), so an answer typed as the key shows it is
right. GIFT's special characters ``~ = # { } :`` and the backslash are
escaped wherever text appears; blank lines (which end a GIFT question) are
folded.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..render import Part
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
        for k in range(len(row.parts)):  # GIFT questions are separated by a blank line
            out += [question(row, [s.id for s in students], k), ""]
    return {NAME: "\n".join(out).encode("utf-8")}


def question(row: KeyRow, students: Sequence[str], k: int = 0) -> str:
    """The GIFT numerical question for answer part ``k`` of a variant."""
    parts = row.parts
    part = parts[k]
    which = f" (part {k + 1} of {len(parts)}: {part.label})" if len(parts) > 1 else ""
    title = escape(f"{row.question.id} {', '.join(students)}{which}")
    stem = row.problem() + _ask(part, len(parts) > 1)
    value = part.value
    answer = decimal(value.magnitude, max(places(value) + 2, 0))
    tolerance = decimal(half_unit(value), max(places(value) + 1, 0))
    feedback = "\n".join(f"{i}. {text}" for i, text in enumerate(row.working(), 1))
    feedback += "\n" + "\n".join(f"Final answer: {line}" for line in row.final_lines())
    return (f"// {row.question.id}, seed {row.seed}\n"
            f"::{title}::[markdown]{escape(stem)} {{#{answer}:{tolerance}####{escape(feedback)}}}")


def _ask(part: Part, named: bool) -> str:
    """What to type: ``Give the answer in s.``, or ``Give the drain cost in USD.`` for one of several parts."""
    what = f"the {part.label}" if named else "the answer"
    unit = f" in {part.value.unit}" if part.value.unit else ""
    return f"\n\nGive {what}{unit}." if named or unit else ""
