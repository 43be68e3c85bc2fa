"""The answer key: every assignment solved, with its params, steps and expected final answer.

All variants of a question are solved by one compiled program
(:func:`bank.solve.solve_many`), so a key for thousands of students costs
little more than drawing their numbers. Prose (the problem and the text of
each worked step) is rendered only when an export asks for it.

>>> from fractions import Fraction as F
>>> from bank.model import Param, Question, Step, Worked
>>> from bank.classroom.assign import assign
>>> from bank.classroom.roster import numbered
>>> worked = Worked("Copy {{ size }} GB at 2 GB/s.", (Param("size", F(6), unit="GB", choices=(F(6), F(12))),),
...                 (Step("took", "size / 2 GB/s", unit="s", text="{{ size }} GB ÷ 2 GB/s = {{ took }} s"),),
...                 ("took",))
>>> q = Question("copy", "demo", "core", "Copy", "Divide.", "Fast.", worked=worked)
>>> rows = answer_key(assign([q], numbered(2), "spring"))
>>> sorted(row.expected for row in rows)
['3 s', '6 s']
>>> rows[0].working()[0] == f"{rows[0].values['size']} GB ÷ 2 GB/s = {rows[0].values['took']} s"
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from ..model import Question, Step, Value, Worked
from ..render import Part, with_unit
from ..text import plain_links, render
from .assign import Assignment, Handout
from .roster import Student

Progress = Callable[[int], None]


@dataclass(frozen=True)
class KeyRow:
    """One student's solved variant of one question."""

    assignment: Assignment
    values: Mapping[str, Value]
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    _prose_cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def student(self) -> Student:
        return self.assignment.student

    @property
    def question(self) -> Question:
        return self.assignment.question

    @property
    def seed(self) -> str:
        return self.assignment.seed

    @property
    def params(self) -> list[tuple[str, Value]]:
        return [(p.name, self.values[p.name]) for p in self.worked.params]

    @property
    def steps(self) -> list[tuple[Step, Value]]:
        return [(s, self.values[s.name]) for s in self.worked.steps]

    @property
    def worked(self) -> Worked:
        worked = self.question.worked
        assert worked is not None, "only questions with a worked answer have variants"
        return worked

    @property
    def parts(self) -> tuple[Part, ...]:
        """The answer parts, in the order the problem asks for them, each labelled and valued."""
        if "parts" not in self._prose_cache:  # the manifest and every export ask for them
            labels = {s.name: s.title for s in self.worked.steps}
            self._prose_cache["parts"] = tuple(Part(n, labels[n], self.values[n]) for n in self.worked.parts)
        return self._prose_cache["parts"]

    @property
    def result(self) -> Value:
        """The first (or only) answer part's value."""
        return self.values[self.worked.parts[0]]

    @property
    def expected(self) -> str:
        """Every answer as the key prints it: ``32 s``, or ``drain time: 21 s; drain cost: $0.014``."""
        return answer_text(self.parts)

    def final_lines(self) -> list[str]:
        """Each answer as the key lists it: ``["32 s"]``, or one ``label: value`` per part."""
        parts = self.parts
        return [parts[0].text] if len(parts) == 1 else [f"{p.label}: {p.text}" for p in parts]

    def problem(self) -> str:
        """The problem text with this student's numbers (glossary links made plain)."""
        if "problem" not in self._prose_cache:  # worksheets and keys both need it: render once
            self._prose_cache["problem"] = self._prose(self.worked.problem)
        return self._prose_cache["problem"]

    def working(self) -> list[str]:
        """The worked steps' text with this student's numbers."""
        if "working" not in self._prose_cache:
            self._prose_cache["working"] = [self._prose(s.text) if s.text else f"{s.name} = {shown(v)}"
                                            for s, v in self.steps]
        return list(self._prose_cache["working"])

    def _prose(self, template: str) -> str:
        return plain_links(render(template, self.values).strip(), self.names)

    def as_dict(self, prose: bool = True) -> dict:
        """The JSON shape of one key row (see the README's Instructors section)."""
        out: dict[str, Any] = {"student": self.student.id, "name": self.student.name, "question": self.question.id,
               "seed": self.seed, "shared": self.assignment.shared,
               "params": {n: _number(v) for n, v in self.params},
               "steps": [{"name": s.name, **_number(v)} for s, v in self.steps],
               "parts": [{"name": p.name, "label": p.label, **_number(p.value)} for p in self.parts],
               "expected": {"step": self.worked.parts[0], **_number(self.result)}}
        if prose:
            out["problem"] = self.problem()
            for step_out, text in zip(out["steps"], self.working()):
                step_out["working"] = text
        return out


def shown(value: Value) -> str:
    """A value with its unit, by the rule of :attr:`bank.render.Rendered.result_text`.

    >>> from fractions import Fraction as F
    >>> shown(Value(F(21900), "USD", "money")), shown(Value(F(35, 3), "s", "fixed(1)"))
    ('$21,900', '11.7 s')
    """
    return with_unit(value)


def answer_text(parts: Sequence[Part]) -> str:
    """One part as its value (``32 s``); several each named by label, in order (``a: 21 s; b: $0.014``).

    The rule of :attr:`bank.render.Rendered.result_text`, for parts without a rendered view.
    """
    if len(parts) == 1:
        return parts[0].text
    return "; ".join(f"{p.label}: {p.text}" for p in parts)


def _number(value: Value) -> dict:
    return {"text": shown(value), "exact": value.exact(), "unit": value.unit}


def answer_key(handout: Handout, names: Mapping[str, str] | None = None,
               progress: Progress | None = None) -> tuple[KeyRow, ...]:
    """Solve every assignment of a handout; rows come back in the handout's order."""
    from ..solve import solve_many

    solved: dict[int, KeyRow] = {}
    for question in handout.questions:
        mine = [(i, a) for i, a in enumerate(handout.assignments) if a.question is question]
        solutions = solve_many(question, [a.variant for _, a in mine])
        for (i, a), solution in zip(mine, solutions):
            solved[i] = KeyRow(a, solution.values, names or {})
        if progress:
            progress(len(mine))
    return tuple(solved[i] for i in range(len(handout.assignments)))


def distinct_rows(rows: Sequence[KeyRow]) -> list[tuple[KeyRow, list[Student]]]:
    """One row per distinct variant (question and numbers), with every student who has it."""
    groups: dict[tuple, tuple[KeyRow, list[Student]]] = {}
    for row in rows:
        key = (row.question.id, row.assignment.variant.values)
        groups.setdefault(key, (row, []))[1].append(row.student)
    return list(groups.values())


def places(value: Value) -> int:
    """Decimal places the author's format rounds this value to (negative: to tens, hundreds…).

    ``sig`` and ``num`` trim trailing zeros when printing, so ``2.5`` counts as two places (2.50).

    >>> from fractions import Fraction as F
    >>> places(Value(F(35, 3), "s", "fixed(1)")), places(Value(F(21900), "USD", "sig(2)")), places(Value(F(5, 2)))
    (1, -3, 2)
    """
    from ..formatting import as_fraction

    x = as_fraction(value)
    name, _, arg = (value.format or "num").partition("(")
    n = int(arg.rstrip(")")) if arg else None
    if name in ("fixed", "thousands"):
        return n if n is not None else (2 if name == "fixed" else 0)
    if name == "money":
        return n if n is not None else (0 if x.denominator == 1 else 2)
    if name == "percent" and n is not None:
        return n
    if name in ("sig", "sci"):
        return _sig_places(x, n if n is not None else (3 if name == "sig" else 2))
    # num, percent, duration and large: whole numbers exactly, others to three significant figures.
    return 0 if x.denominator == 1 and name in ("num", "percent") else _sig_places(x, 3)


def _sig_places(x: Fraction, figures: int) -> int:
    if x == 0:
        return 0
    x = abs(x)
    if x >= 1:
        return figures - len(str(int(x)))
    zeros = 0
    while x < Fraction(1, 10):
        x, zeros = x * 10, zeros + 1
    return figures + zeros


def half_unit(value: Value) -> Fraction:
    """Half a unit in the last printed place: the tolerance an answer typed as printed needs.

    >>> from fractions import Fraction as F
    >>> half_unit(Value(F(35, 3), "s", "fixed(1)")), half_unit(Value(F(460800), "USD", "money"))
    (Fraction(1, 20), Fraction(1, 2))
    """
    return Fraction(1, 2) * Fraction(10) ** -places(value)


def decimal(x: Fraction | float, digits: int) -> str:
    """``x`` rounded half away from zero to ``digits`` places, as plain decimal text (no separators).

    >>> decimal(Fraction(35, 3), 4), decimal(Fraction(-5, 2), 0), decimal(Fraction(21900), -3)
    ('11.6667', '-3', '22000')
    """
    from ..formatting import as_fraction

    x = as_fraction(x)
    scale = Fraction(10) ** digits
    whole = int(abs(x) * scale + Fraction(1, 2))
    sign = "-" if x < 0 and whole else ""
    if digits <= 0:
        return f"{sign}{whole * 10 ** -digits}"
    text = str(whole).rjust(digits + 1, "0")
    return f"{sign}{text[:-digits]}.{text[-digits:]}"
