"""The grader's verdict on each answer part, for the quiz and for ``bank mark``.

A question may ask for several figures (``Worked.parts``); the grader's
``Report.parts`` holds one ``Final`` per part (status ``correct``, ``wrong``
or ``missing``) and ``Report.final`` the aggregate. A report without
``parts`` (a single answer) counts as one part: its ``final``.

>>> from bank.grade import Final, Report
>>> from bank.model import Step, Worked
>>> worked = Worked("", (), (Step("t", "1", label="drain time"),), ("t",))
>>> [(v.label, v.status) for v in part_verdicts(Report("q", None, 1.0, Final("correct", 1.0, step="t")), worked)]
[('drain time', 'correct')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..model import Worked

#: The statuses of an answer part, best first.
STATUSES = ("correct", "wrong", "missing")


@dataclass(frozen=True)
class PartVerdict:
    """One answer part: its step, what a learner calls it, and the grader's verdict (a ``Final``)."""

    step: str
    label: str
    final: Any

    @property
    def status(self) -> str:
        return str(self.final.status)

    @property
    def message(self) -> str:
        return str(getattr(self.final, "message", "") or "")


def part_verdicts(report: Any, worked: Worked) -> tuple[PartVerdict, ...]:
    """Every answer part's verdict, in the order the problem asks for them."""
    finals = getattr(report, "parts", None) or (report.final,)
    return tuple(PartVerdict(f.step or worked.parts[0], getattr(f, "label", "") or _label(worked, f.step), f)
                 for f in finals)


def _label(worked: Worked, step: str) -> str:
    names = [s.name for s in worked.steps]
    return worked.step(step).title if step in names else worked.step(worked.parts[0]).title


def correct_count(verdicts: Sequence[PartVerdict]) -> int:
    """How many parts are right.

    >>> correct_count([PartVerdict("a", "a", type("F", (), {"status": "correct"})())])
    1
    """
    return sum(v.status == "correct" for v in verdicts)


__all__ = ["PartVerdict", "part_verdicts", "correct_count", "STATUSES"]
