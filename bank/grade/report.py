"""The marking report: per-line verdicts, step coverage, the final answer and the score.

``Report.as_dict()`` is the JSON of ``bank grade --json`` (the shape in
issue 3: more keys may be added, these may not change). ``Report.as_text()``
is the readable form, with ✓ and ✗ per line and a caret under a line that
could not be read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

STATUSES = ("correct", "carried", "slip", "unmatched", "error")
DIAGNOSES = ("transposed-digits", "power-of-ten", "wrong-operation", "sign", "units", "premature-rounding")


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
class LineResult:
    """The verdict on one line of working."""

    n: int
    text: str
    status: str
    step: str | None = None
    given: float | None = None
    computed: float | None = None
    diagnosis: str | None = None
    message: str = ""
    column: int | None = None
    caret: str | None = None
    carried: tuple[Carry, ...] = ()
    credits: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status in ("correct", "carried", "unmatched")

    def as_dict(self) -> dict:
        out = {"n": self.n, "text": self.text, "status": self.status, "step": self.step, "given": self.given,
               "computed": self.computed, "diagnosis": self.diagnosis, "message": self.message}
        if self.column is not None:
            out["column"] = self.column
        if self.carried:
            out["carried"] = [c.as_dict() for c in self.carried]
        if self.credits:
            out["credits"] = list(self.credits)
        return out


@dataclass(frozen=True)
class StepCoverage:
    """Whether the working covers one reference step, and on which line."""

    name: str
    status: str  # done | carried | missing
    line: int | None = None

    def as_dict(self) -> dict:
        return {"name": self.name, "status": self.status, "line": self.line}


@dataclass(frozen=True)
class Final:
    """The verdict on the final answer (the value of the result step)."""

    status: str  # correct | wrong | missing
    expected: float | None
    given: float | None = None
    diagnosis: str | None = None
    message: str = ""
    step: str = ""
    unit: str = ""
    line: int | None = None

    def as_dict(self) -> dict:
        return {"status": self.status, "expected": self.expected, "given": self.given,
                "diagnosis": self.diagnosis, "message": self.message, "step": self.step,
                "unit": self.unit, "line": self.line}


@dataclass(frozen=True)
class Report:
    """Everything the grader found in one working."""

    question: str
    seed: str | None
    score: float
    final: Final
    lines: tuple[LineResult, ...] = ()
    steps: tuple[StepCoverage, ...] = ()
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """The JSON shape of ``bank grade --json``."""
        return {"question": self.question, "seed": self.seed, "score": self.score,
                "final": self.final.as_dict(), "lines": [x.as_dict() for x in self.lines],
                "steps": [s.as_dict() for s in self.steps]}

    def as_text(self) -> str:
        """Readable marking: one row per line, then the steps, the final answer and the score."""
        head = f"{self.question} · " + (f"seed {self.seed}" if self.seed is not None else "default variant")
        out = [head, ""]
        for line in self.lines:
            out.extend(_line_text(line))
        if not self.lines:
            out.append("  (no working)")
        out += ["", "Steps: " + ", ".join(f"{s.name} {_STEP_MARK[s.status]}" for s in self.steps)]
        mark = {"correct": "✓", "wrong": "✗", "missing": "–"}[self.final.status]
        out.append(f"Final answer: {mark} {self.final.message}")
        out.append(f"Score: {self.score:.2f}")
        return "\n".join(out)


_STEP_MARK = {"done": "✓", "carried": "✓ (carried)", "missing": "–"}
_LINE_MARK = {"correct": "✓", "carried": "✓", "unmatched": "✓", "slip": "✗", "error": "✗"}


def _line_text(line: LineResult) -> list[str]:
    mark = _LINE_MARK[line.status]
    if line.status == "error" and line.caret:
        shown, marks = line.caret.split("\n", 1)
        rows = [f"{mark} {line.n:>2}  {shown}", f"      {marks}"]
    else:
        rows = [f"{mark} {line.n:>2}  {line.text.rstrip()}"]
    rows.append(f"      {line.status}: {line.message}")
    return rows
