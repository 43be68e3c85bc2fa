"""Solve -> render: a question's prose for one variant, ready for any output.

:func:`render_question` renders every prose field of a question against a
solved variant. The site, the quiz, ``bank show`` and the classroom exports
all start from this :class:`Rendered` view. Glossary links (``[[id]]``) stay
in the text; :meth:`Rendered.plain` swaps them for the words shown.

>>> from bank.load import load
>>> lib = load()
>>> r = render_question(lib.question("replica-boot-gap"))
>>> r.result_text
'32 s'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping

from .model import FieldPath, Library, Question, Term, Value, Variant, prose_fields, worked_of

if TYPE_CHECKING:
    from .solve import Solution
from .text import plain_links, render


@dataclass(frozen=True)
class RenderedStep:
    name: str
    text: str
    value: Value
    label: str = ""


@dataclass(frozen=True)
class Part:
    """One answer part: the step, what a learner calls it, and its value."""

    name: str
    label: str
    value: Value

    @property
    def text(self) -> str:
        """The value with its unit: ``21 s``, ``$0.014``."""
        return with_unit(self.value)


@dataclass(frozen=True)
class Rendered:
    """Every prose field of a question, rendered for one variant."""

    question: Question
    variant: Variant | None
    title: str
    answer: str
    takeaway: str
    key_points: tuple[str, ...] = ()
    problem: str = ""
    steps: tuple[RenderedStep, ...] = ()
    params: Mapping[str, Value] = field(default_factory=dict)
    parts: tuple[Part, ...] = ()

    @property
    def result(self) -> Value | None:
        """The first (or only) answer part's value."""
        return self.parts[0].value if self.parts else None

    @property
    def result_text(self) -> str:
        """The answer with its unit (``32 s``); several parts are each named (``drain time: 21 s; …``)."""
        if len(self.parts) == 1:
            return self.parts[0].text
        return "; ".join(f"{p.label}: {p.text}" for p in self.parts)

    def plain(self, names: Mapping[str, str]) -> Rendered:
        """The same view with ``[[links]]`` replaced by their words."""
        fix = lambda s: plain_links(s, names)  # noqa: E731
        return replace(self, title=fix(self.title), answer=fix(self.answer), takeaway=fix(self.takeaway),
                       key_points=tuple(fix(k) for k in self.key_points), problem=fix(self.problem),
                       steps=tuple(replace(s, text=fix(s.text)) for s in self.steps))

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``params``, ``steps`` (name, value, unit, text) and ``result``."""
        q = self.question
        out: dict[str, Any] = {
            "question": q.id, "bank": q.bank, "level": q.level, "title": self.title,
            "seed": self.variant.seed if self.variant else None, "problem": self.problem or None,
            "answer": self.answer, "key_points": list(self.key_points), "takeaway": self.takeaway}
        if self.result is not None:
            out["params"] = {n: _number(v) for n, v in self.params.items()}
            out["steps"] = [{"name": s.name, "label": s.label, **_number(s.value), "text": s.text} for s in self.steps]
            out["parts"] = [{"name": p.name, "label": p.label, **_number(p.value), "text": p.text} for p in self.parts]
            first = self.parts[0]
            out["result"] = {"name": first.name, **_number(first.value), "text": first.text}
        else:
            out.update(params={}, steps=[], parts=[], result=None)
        return out

    def as_text(self) -> str:
        """A terminal-friendly layout."""
        q = self.question
        lines = [f"{q.title}", f"[{q.level}] {q.bank} · {q.id}"
                 + (f" · seed {self.variant.seed}" if self.variant and self.variant.seed else ""), ""]
        if self.problem:
            lines += ["Problem", _indent(self.problem), "", "Worked answer"]
            lines += [f"  {i}. {s.text}" for i, s in enumerate(self.steps, 1)]
            if len(self.parts) == 1:
                lines += ["", f"Final answer: {self.result_text}", ""]
            else:
                lines += ["", "Final answers"] + [f"  {p.label}: {p.text}" for p in self.parts] + [""]
        lines += ["Answer", _indent(self.answer.strip())]
        if self.key_points:
            lines += [""] + [f"  • {k}" for k in self.key_points]
        lines += ["", f"Takeaway: {self.takeaway}"]
        return "\n".join(lines)


def with_unit(value: Value) -> str:
    """A value as a person writes it with its unit: ``32 s``, ``$21,900``, ``2 requests/s``.

    >>> from fractions import Fraction
    >>> with_unit(Value(Fraction(2), "request/s")), with_unit(Value(Fraction(1), "replica"))
    ('2 requests/s', '1 replica')
    """
    from .formatting import with_unit as quantity

    return quantity(str(value), value.unit, value.magnitude)


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" if line else "" for line in text.strip().splitlines())


def _number(value: Value) -> dict:
    return {"value": float(value.magnitude), "exact": value.exact(), "unit": value.unit}


def render_question(question: Question, variant: Variant | None = None) -> Rendered:
    """Render a question for ``variant`` (default: the default variant)."""
    if question.worked is None:
        return _rendered(question, _texts(question, {}), None)
    from .solve import solve
    from .variant import variant as make_variant

    variant = variant or make_variant(question)
    solution = solve(question, variant)
    ctx = solution.context()
    params = {p.name: ctx[p.name] for p in question.worked.params}
    return _rendered(question, _texts(question, ctx), variant, solution, params)


def _texts(owner: Question, context: Mapping[str, Value]) -> dict[FieldPath, str]:
    """Every prose field (the one list: :func:`bank.model.prose_fields`) rendered, by field path."""
    return {path: render(source, context) for path, source in prose_fields(owner)}


def _rendered(q: Question, text: Mapping[FieldPath, str], variant: Variant | None, solution: Solution | None = None,
              params: Mapping[str, Value] | None = None) -> Rendered:
    points = tuple(text[("key_points", i)] for i in range(len(q.key_points)))
    if solution is None:
        return Rendered(q, variant, text[("title",)], text[("answer",)], text[("takeaway",)], points)
    steps = tuple(RenderedStep(s.name, text[q.worked_path + ("steps", i, "text")], v, s.title)
                  for i, (s, v) in enumerate(solution.steps()))
    return Rendered(q, variant, text[("title",)], text[("answer",)], text[("takeaway",)], points,
                    text[q.worked_path + ("problem",)], steps, params or {}, answer_parts(solution))


def answer_parts(solution: Solution) -> tuple[Part, ...]:
    """The answer parts of a solved variant, labelled for learners."""
    worked = solution.worked
    return tuple(Part(name, worked.step(name).title, solution.values[name]) for name in worked.parts)


def render_example(term: Term, variant: Variant | None = None) -> tuple[str, tuple[RenderedStep, ...], Value]:
    """A glossary term's worked example: (problem, steps, result)."""
    from .solve import solve
    from .variant import variant as make_variant

    solution = solve(term, variant or make_variant(term))
    ctx = solution.context()
    steps = tuple(RenderedStep(s.name, render(s.text, ctx), v, s.title) for s, v in solution.steps())
    return render(term.example.problem, ctx), steps, solution.result


def glossary_names(library: Library) -> dict[str, str]:
    """term id -> the term's words, for :meth:`Rendered.plain`."""
    return {t.id: t.term for t in library.glossary}


def present(library: Library, question_id: str, seed: object = None) -> Rendered:
    """What ``bank show`` prints: the question for a seed, links made plain."""
    from .variant import variant

    question = library.question(question_id)
    v = variant(question, seed) if question.worked is not None else None
    return render_question(question, v).plain(glossary_names(library))


def render_problem(question: Question | Term, variant: Variant) -> str:
    """The problem text from param values alone: no solving, so no sympy import.

    ``bank check`` guarantees that a problem uses only params. The quiz shows
    this while the solver loads in the background.
    """
    worked = worked_of(question)
    values = variant.as_dict()
    ctx = {p.name: Value(values[p.name], p.unit, p.format) for p in worked.params}
    return render(worked.problem, ctx)
