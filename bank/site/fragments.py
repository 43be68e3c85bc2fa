"""A question's variants, drawn, solved and rendered to HTML fragments for its page.

:func:`question_fragments` draws the default variant and up to ``count - 1``
distinct seeded ones (:func:`pick_variants`), solves them with one compiled
plan, and renders every prose field of each with :class:`bank.site.prose.Prose`
(Markdown and glossary links once per shape, the numbers filled in). Each
:class:`Fragment` carries what the practice block swaps in: the HTML of every
field, the answer parts and the param values. Solver and template faults come
back located, as :class:`ProblemsFound`.

>>> from bank.load import load
>>> from bank.site.linking import Glossary
>>> library = load()
>>> q = library.question("replica-boot-gap")
>>> fragments, mentions = question_fragments(q, Glossary(library.glossary), 3)
>>> [f.seed for f in fragments], fragments[0].result["text"], "replica" in mentions
([None, '1', '2'], '32 s', True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Mapping, Sequence, TypeVar, Union

from markupsafe import Markup

from ..errors import BankError, Problem, ProblemsFound
from ..locations import Locator
from ..model import FieldPath, Question, Term, Variant, Worked, prose_fields
from . import paths
from .linking import Glossary
from .prose import Field, Filled, Prose, field_text


#: A field of a fragment: its HTML, or (for a variant after the first) its shape and digits.
Html = Union[Markup, Filled]
_H = TypeVar("_H", Markup, Html)

if TYPE_CHECKING:
    from ..solve import Solution

#: Every prose field a page shows, by its name in :func:`bank.model.prose_fields`, in the order the page
#: reads them (the order decides where a glossary term is first linked), and whether it is inline
#: Markdown (no <p>). The title is not here: a page shows it apart (:func:`question_title`).
PAGE_FIELDS: dict[str, bool] = {
    "definition": True, "explanation": False,  # a glossary entry's own
    "problem": False, "answer": False, "key_points": True, "steps": True, "takeaway": True,
}


@dataclass(frozen=True)
class Fragment:
    """One variant of a question (or a glossary example), rendered to HTML."""

    seed: str | None
    problem: Html = Markup("")
    answer: Html = Markup("")
    key_points: tuple[Html, ...] = ()
    steps: tuple[Html, ...] = ()
    takeaway: Html = Markup("")
    parts: tuple[dict, ...] = ()
    values: dict[str, str] | None = None

    @property
    def result(self) -> dict | None:
        """The first (or only) answer part: ``{name, label, text, exact}``."""
        return self.parts[0] if self.parts else None

    def as_json(self, shapes: Shapes) -> dict:
        """The shape ``practice.js`` swaps in: each field as HTML (already escaped), or as
        ``[shape, digits]``, a shape kept once in ``shapes``."""
        def field(html: Html) -> str | list:
            return [shapes.index(html.shape), list(html.digits)] if isinstance(html, Filled) else str(html)

        return {"seed": self.seed, "problem": field(self.problem), "answer": field(self.answer),
                "key_points": [field(k) for k in self.key_points], "steps": [field(s) for s in self.steps],
                "takeaway": field(self.takeaway), "parts": list(self.parts), "values": self.values}


class Shapes:
    """A page's distinct field shapes, each numbered once, in the order first used.

    >>> shapes = Shapes()
    >>> shapes.index("<p>\ue000 s</p>"), shapes.index("<li>x</li>"), shapes.index("<p>\ue000 s</p>"), len(shapes.forms)
    (0, 1, 0, 2)
    """

    def __init__(self) -> None:
        self._numbers: dict[str, int] = {}

    def index(self, shape: str) -> int:
        return self._numbers.setdefault(shape, len(self._numbers))

    @property
    def forms(self) -> list[str]:
        return list(self._numbers)


@functools.lru_cache(maxsize=None)
def href_from(page: str) -> Callable[[str], str]:
    """Term id -> link from ``page`` to the glossary entry (memoised: every link asks)."""
    return functools.lru_cache(maxsize=None)(lambda term_id: paths.relative(paths.term_anchor(term_id), page))


def page_fields(owner: Question | Term) -> list[Field]:
    """An owner's prose fields (:func:`bank.model.prose_fields`, less the title) as its page shows them,
    in :data:`PAGE_FIELDS` order.

    >>> from bank.model import Step
    >>> worked = Worked("Copy.", (), (Step("t", "1", text="Done."),), ("t",))
    >>> q = Question("q", "b", "core", "Title", "Answer", "So.", key_points=("a",), worked=worked)
    >>> [(f.where, f.inline) for f in page_fields(q)]  # doctest: +NORMALIZE_WHITESPACE
    [(('problem',), False), (('answer',), False), (('key_points', 0), True), (('steps', 0, 'text'), True),
     (('takeaway',), True)]
    """
    rank = {name: i for i, name in enumerate(PAGE_FIELDS)}
    named = [(field_name(owner, path), path, source) for path, source in prose_fields(owner) if path != ("title",)]
    named.sort(key=lambda f: rank[f[0]])  # a stable sort: key points and steps keep their order
    return [Field(path, source, inline=PAGE_FIELDS[name]) for name, path, source in named]


def field_name(owner: Question | Term, path: FieldPath) -> str:
    """A prose field's name: its path's first part under the worked answer, if it is there.

    >>> field_name(Term("t", "term", "Definition.", "", None), ("example", "steps", 0, "text"))
    'steps'
    """
    base = owner.worked_path
    return str(path[len(base)] if path[:len(base)] == base else path[0])


def question_fragments(q: Question, glossary: Glossary, count: int, title: str = "") \
        -> tuple[list[Fragment], frozenset[str]]:
    """Up to ``count`` variants of a question as fragments (the default first), and the glossary terms
    the default mentions (with its ``title``, which is never linked)."""
    fields = page_fields(q)
    prose = Prose(q, fields, glossary, href_from(paths.question_page(q.bank, q.id)), prefix=q.id)
    if q.worked is None:
        html, mentions = prose.first({}, mention=title)
        return [_fragment(q, by_path(fields, html), None)], mentions
    solutions = solve(q, q.worked, count)
    html, mentions = prose.first(solutions[0].values, mention=title)
    first = _fragment(q, by_path(fields, html), solutions[0])
    rest = [_fragment(q, by_path(fields, prose.render(s.values)), s) for s in solutions[1:]]
    return [first, *rest], mentions


def question_title(q: Question) -> str:
    """The title as text (a title that prints a number is rendered for the default variant)."""
    from .markdown import plain_text

    context = solve(q, q.worked, 1)[0].values if q.worked is not None and "{" in q.title else {}
    return plain_text(field_text(q, Field(("title",), q.title), context))


def by_path(fields: Sequence[Field], html: Sequence[_H]) -> dict[FieldPath, _H]:
    """Each field's HTML (as :class:`Prose` renders ``fields``) by the field's path."""
    return {field.where: h for field, h in zip(fields, html, strict=True)}


def _fragment(q: Question, html: Mapping[FieldPath, Html], solution: Solution | None) -> Fragment:
    """One variant's :class:`Fragment` from its fields' HTML, by field path."""
    problem = html.get(("problem",), Markup(""))
    answer, takeaway = html[("answer",)], html[("takeaway",)]
    points = tuple(html[("key_points", i)] for i in range(len(q.key_points)))
    steps = _steps(q, html)
    if solution is None:
        return Fragment(None, problem, answer, points, steps, takeaway)
    values = {name: _ratio(x) for name, x in solution.variant.values}
    return Fragment(solution.variant.seed, problem, answer, points, steps, takeaway, parts_info(solution), values)


def term_fragments(term: Term, glossary: Glossary) -> tuple[Markup, Markup, Fragment]:
    """A glossary entry's definition and explanation (other terms linked), and its worked example."""
    solution = solve(term, term.example, 1)[0]
    fields = page_fields(term)
    prose = Prose(term, fields, glossary, href_from(paths.GLOSSARY), prefix=term.id, skip=frozenset({term.id}))
    html = by_path(fields, prose.first(solution.values)[0])
    example = Fragment(None, html[("example", "problem")], steps=_steps(term, html), parts=parts_info(solution))
    return html[("definition",)], html[("explanation",)], example


def _steps(owner: Question | Term, html: Mapping[FieldPath, Html]) -> tuple[Html, ...]:
    """The HTML of each step's text, in order (none without a worked answer)."""
    if owner.worked is None:
        return ()
    base = owner.worked_path
    return tuple(html[(*base, "steps", i, "text")] for i in range(len(owner.worked.steps)))


# ----------------------------------------------------------------------------- solving

def solve(owner: Question | Term, worked: Worked, count: int) -> list[Solution]:
    """The default variant plus distinct seeded ones, up to ``count``, solved; failures located."""
    from ..solve import SolveError, solve_many
    from ..variant import ConstraintsUnsatisfiable

    locate = Locator(owner, ("example",) if isinstance(owner, Term) else ())
    try:
        return solve_many(owner, pick_variants(owner, count))
    except ConstraintsUnsatisfiable as exc:
        raise ProblemsFound([locate.problem(("constraints",), str(exc))]) from None
    except SolveError as exc:
        index = next((i for i, s in enumerate(worked.steps) if s.name == exc.step), None)
        where = ("steps", index, "expr") if index is not None else ("steps",)
        raise ProblemsFound([locate.problem(where, str(exc))]) from None
    except BankError as exc:  # a plan problem: unknown name, bad unit ...
        raise ProblemsFound(_plan_problems(worked, locate) or [locate.problem(("steps",), str(exc))]) from None


def _plan_problems(worked: Worked, locate: Locator) -> list[Problem]:
    from ..plan import build

    _, found = build(worked)
    return [locate.problem(p.where, p.message, p.offset) for p in found]


def pick_variants(owner: Question | Term, count: int) -> list[Variant]:
    """The default variant first, then seeds 1, 2, ... skipping repeats, up to ``count`` in all (fewer
    when the params allow fewer: six choices give six variants, found without drawing sixty)."""
    from ..variant import variant

    chosen = [variant(owner)]
    seen = {chosen[0].values}
    wanted = min(count, owner.worked.variant_count()) if owner.worked is not None else 1
    for seed in range(1, 3 * count):
        if len(chosen) >= wanted:
            break
        v = variant(owner, seed)
        if v.values not in seen:
            seen.add(v.values)
            chosen.append(v)
    return chosen


def parts_info(solution: Solution) -> tuple[dict[str, str], ...]:
    """Every answer part for the browser's Check: step name, label, shown text and exact value as ``n/d``."""
    from ..render import with_unit

    worked = solution.worked
    out = []
    for name, value in zip(worked.parts, solution.parts):
        magnitude = value.magnitude if isinstance(value.magnitude, Fraction) else Fraction(repr(value.magnitude))
        out.append({"name": name, "label": worked.step(name).title,
                    "text": with_unit(value), "exact": _ratio(magnitude)})
    return tuple(out)


def result_info(solution: Solution) -> dict[str, str]:
    """The first answer part (see :func:`parts_info`)."""
    return parts_info(solution)[0]


def unit_info(worked: Worked, part: str | None = None) -> dict:
    """An answer part's unit (the first part's by default), for converting what a learner types:
    name, scale to base, dimensions."""
    from ..units import parse_unit

    unit = worked.step(part or worked.result).unit
    parsed = parse_unit(unit)
    return {"name": unit, "scale": _ratio(parsed.scale), "dims": list(parsed.dims)}


def _ratio(x: Fraction | int) -> str:
    return f"{x.numerator}/{x.denominator}"
