"""The marking report: per-line verdicts, step coverage, the final answer per part, and the score.

``Report.as_dict()`` is the JSON of ``bank grade --json`` (the shape of issue 3;
keys may be added, these may not change). ``Report.as_text()`` is the readable
form, with ✓ and ✗ per line and a caret under a line that could not be read.
Statuses, coverage and diagnoses are :class:`Status`, :class:`Coverage` and
:class:`~bank.grade.diagnose.Slip` (strings in JSON).
"""

from __future__ import annotations

import math
from typing import Any
from dataclasses import dataclass
from fractions import Fraction

from .diagnose import DIAGNOSES, Slip
from .words import Word


class Status(Word):
    """A line's (or claim's) verdict."""

    CORRECT = "correct"  # right arithmetic, matching a step
    CARRIED = "carried"  # right method on the learner's own earlier value
    SLIP = "slip"  # wrong arithmetic, units or method, for a step
    UNMATCHED = "unmatched"  # right, but not a step of this working (no penalty)
    ERROR = "error"  # cannot be read

    @property
    def mark(self) -> str:
        return "✗" if self in (Status.SLIP, Status.ERROR) else "✓"

    @property
    def ok(self) -> bool:
        return self in (Status.CORRECT, Status.CARRIED, Status.UNMATCHED)


#: How a line's claims combine: the line shows its most telling claim.
SEVERITY = {Status.ERROR: 4, Status.SLIP: 3, Status.CARRIED: 2, Status.CORRECT: 1, Status.UNMATCHED: 0}


class Coverage(Word):
    """Whether the working covers a reference step."""

    DONE = "done"
    CARRIED = "carried"
    MISSING = "missing"

    @property
    def mark(self) -> str:
        return {"done": "✓", "carried": "✓ (carried)", "missing": "–"}[self.value]


class Verdict(Word):
    """The verdict on an answer part."""

    CORRECT = "correct"
    WRONG = "wrong"
    MISSING = "missing"

    @property
    def mark(self) -> str:
        return {"correct": "✓", "wrong": "✗", "missing": "–"}[self.value]


STATUSES = tuple(s.value for s in Status)


def number(x: Fraction | float | None) -> float | None:
    """A JSON-safe float, or None when there is no value or it is out of float range.

    >>> number(Fraction(35, 3)), number(Fraction(10) ** 400), number(None)
    (11.666666666666666, None, None)
    """
    if x is None:
        return None
    try:
        value = float(x)
    except OverflowError:
        return None
    return value if math.isfinite(value) else None


def _plain(word: Word | None) -> str | None:
    """A word as a plain string (for JSON), or None."""
    return None if word is None else str(word)


@dataclass(frozen=True)
class Carry:
    """An earlier value of the learner's that a line used in place of a step's value."""

    step: str
    value: float | None
    line: int | None
    rounded: bool

    def as_dict(self) -> dict:
        return {"step": self.step, "value": self.value, "line": self.line, "rounded": self.rounded}


@dataclass(frozen=True)
class ClaimResult:
    """The verdict on one claim of a line (a line may hold several: ``70 / 6 = 11.7 + 20 = 31.7 s``)."""

    status: Status
    step: str | None = None
    given: float | None = None
    computed: float | None = None
    diagnosis: Slip | None = None
    message: str = ""
    carried: tuple[Carry, ...] = ()
    credits: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"status": str(self.status), "step": self.step, "given": self.given,
                               "computed": self.computed,
               "diagnosis": _plain(self.diagnosis), "message": self.message}
        if self.carried:
            out["carried"] = [c.as_dict() for c in self.carried]
        if self.credits:
            out["credits"] = list(self.credits)
        return out


@dataclass(frozen=True)
class LineResult:
    """The verdict on one line of working: its most telling claim, and every claim when there are several."""

    n: int
    text: str
    status: Status
    step: str | None = None
    given: float | None = None
    computed: float | None = None
    diagnosis: Slip | None = None
    message: str = ""
    column: int | None = None
    caret: str | None = None
    carried: tuple[Carry, ...] = ()
    credits: tuple[str, ...] = ()
    claims: tuple[ClaimResult, ...] = ()

    @property
    def ok(self) -> bool:
        return Status(self.status).ok

    def as_dict(self) -> dict:
        out = {"n": self.n, "text": self.text, "status": str(self.status), "step": self.step, "given": self.given,
               "computed": self.computed, "diagnosis": _plain(self.diagnosis), "message": self.message}
        if self.column is not None:
            out["column"] = self.column
        if self.carried:
            out["carried"] = [c.as_dict() for c in self.carried]
        if self.credits:
            out["credits"] = list(self.credits)
        if len(self.claims) > 1:
            out["claims"] = [c.as_dict() for c in self.claims]
        return out


@dataclass(frozen=True)
class StepCoverage:
    """Whether the working covers one reference step, and on which line."""

    name: str
    status: Coverage
    line: int | None = None
    label: str = ""

    def as_dict(self) -> dict:
        return {"name": self.name, "label": self.label or self.name, "status": str(self.status), "line": self.line}


@dataclass(frozen=True)
class Final:
    """The verdict on an answer part (or, as ``Report.final``, on the whole answer)."""

    status: Verdict
    expected: float | None
    given: float | None = None
    diagnosis: Slip | None = None
    message: str = ""
    step: str = ""
    unit: str = ""
    line: int | None = None
    label: str = ""

    @property
    def credit(self) -> float:
        """The share of this part's marks: 1 when right; a diagnosis's own credit when wrong (premature
        rounding earns half: the method is right); 0 when missing."""
        if self.status == Verdict.CORRECT:
            return 1.0
        if self.status == Verdict.WRONG and self.diagnosis in DIAGNOSES:
            return DIAGNOSES[self.diagnosis].final_credit
        return 0.0

    def as_dict(self) -> dict:
        return {"status": str(self.status), "expected": self.expected, "given": self.given,
                "diagnosis": _plain(self.diagnosis), "message": self.message, "step": self.step,
                "unit": self.unit, "line": self.line, "label": self.label}


@dataclass(frozen=True)
class Report:
    """Everything the grader found in one working."""

    question: str
    seed: str | None
    score: float
    final: Final
    lines: tuple[LineResult, ...] = ()
    steps: tuple[StepCoverage, ...] = ()
    parts: tuple[Final, ...] = ()
    #: Params pinned with ``--param``, as (name, value with its unit): the header says so.
    pinned: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict:
        """The JSON shape of ``bank grade --json``."""
        return {"question": self.question, "seed": self.seed, "pinned": dict(self.pinned), "score": self.score,
                "final": self.final.as_dict(), "parts": [p.as_dict() for p in self.parts or (self.final,)],
                "lines": [x.as_dict() for x in self.lines], "steps": [s.as_dict() for s in self.steps]}

    def as_text(self) -> str:
        """Readable marking: one row per line, then the steps, the answer and the score."""
        head = f"{self.question} · " + (f"seed {self.seed}" if self.seed is not None else "default variant")
        if self.pinned:
            head += " · pinned " + ", ".join(f"{name} = {value}" for name, value in self.pinned)
        out = [head, ""]
        for line in self.lines:
            out.extend(_line_text(line))
        if not self.lines:
            out.append("  (no working)")
        out += ["", "Steps: " + ", ".join(f"{s.label or s.name} {Coverage(s.status).mark}" for s in self.steps)]
        parts = self.parts or (self.final,)
        if len(parts) == 1:
            out.append(f"Final answer: {Verdict(parts[0].status).mark} {parts[0].message}")
        else:
            out.append("Answers:")
            out += [f"  {p.label}: {Verdict(p.status).mark} {p.message}" for p in parts]
        out.append(f"Score: {self.score:.2f}")
        return "\n".join(out)




def _line_text(line: LineResult) -> list[str]:
    from ..printable import printable

    mark = Status(line.status).mark
    if line.status == Status.ERROR and line.caret:
        shown, marks = line.caret.split("\n", 1)
        rows = [f"{mark} {line.n:>2}  {printable(shown)}", f"      {marks}"]
    else:
        rows = [f"{mark} {line.n:>2}  {printable(line.text.rstrip())}"]
    rows.append(f"      {line.status}: {line.message}")
    return rows
