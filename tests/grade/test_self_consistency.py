"""Every question tests itself: its worked answer, pasted back exactly as a learner sees it, scores full
marks for the default variant and 50 seeded ones; the same working with one stated value ten times too
big does not."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bank.grade import grade
from bank.variant import variant

from ..conftest import QUESTIONS
from .self_check import seeds, worked_text

SEEDS = 50


def _owners():
    from bank.load import load

    library = load(QUESTIONS)
    return [q for q in library.questions() if q.worked is not None] + [t for t in library.glossary if t.worked]


OWNERS = _owners()


@pytest.mark.parametrize("owner", OWNERS, ids=[o.id for o in OWNERS])
def test_worked_answer_as_shown_scores_full_marks(library, owner):
    failures = []
    for seed in seeds(SEEDS):
        v = variant(owner, seed)
        report = grade(owner, v, worked_text(library, owner, v))
        if report.score != 1.0:
            failures.append(f"seed {seed}:\n{report.as_text()}")
    assert not failures, "\n\n".join(failures[:2])


_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)")


def _ten_times(m: re.Match) -> str:
    """``9.10`` -> ``91.0``: the same digits, ten times the value."""
    text = m.group(1).replace(",", "")
    places = len(text.partition(".")[2])
    return f"{Decimal(text) * 10:.{max(places - 1, 0)}f}"


@pytest.mark.parametrize("owner", OWNERS, ids=[o.id for o in OWNERS])
def test_a_wrong_final_value_does_not(library, owner):
    v = variant(owner)
    lines = worked_text(library, owner, v).splitlines()
    last = lines[-1]
    # the value the last step states comes after its link: "= 21 ms", "rounded down to 7 sequences"
    cut = max(last.rfind("="), last.rfind("≈")) + 1 or last.rfind(" to ") + 1
    lines[-1] = last[:cut] + _NUMBER.sub(_ten_times, last[cut:], count=1)
    report = grade(owner, v, "\n".join(lines))
    assert report.score < 1.0, report.as_text()
    assert report.lines[-1].status != "correct", report.as_text()
