"""The model: frozen dataclasses for banks, questions, parameters and steps.

Loading (``bank.load``) builds these; everything downstream reads them. Numbers
are exact ``Fraction`` values in the unit the author declared. Source
positions are kept in ``marks`` (excluded from equality) so that later stages
can report ``path:line:col``.

>>> p = Param("rate", Fraction(10), unit="request/s", min=Fraction(5), max=Fraction(20), step=Fraction(5))
>>> p.grid()
(Fraction(5, 1), Fraction(10, 1), Fraction(15, 1), Fraction(20, 1))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Iterator, Mapping, Protocol, Sequence, TypeVar

from .errors import BankError, NotFound, did_you_mean

if TYPE_CHECKING:
    from .units import Unit

LEVELS = ("warm-up", "core", "hard")

#: Where a value sits in its file: ("steps", 0, "expr"), ("title",), ("params", "rate", "<key>").
FieldPath = tuple[str | int, ...]
#: (line, column, scalar style, block indent) of each value, by field path.
Marks = Mapping[FieldPath, tuple[int, int, object, int]]


@dataclass(frozen=True)
class Param:
    """A number the author lets vary: a default plus a grid or a list of choices."""

    name: str
    default: Fraction
    unit: str = ""
    min: Fraction | None = None
    max: Fraction | None = None
    step: Fraction | None = None
    choices: tuple[Fraction, ...] = ()
    format: str | None = None
    description: str = ""

    def grid(self) -> tuple[Fraction, ...]:
        """Every value a variant may draw, in order."""
        if self.choices:
            return self.choices
        low, _, step = self.bounds()
        return tuple(low + i * step for i in range(self.size()))

    def size(self) -> int:
        """How many values the parameter can take."""
        if self.choices:
            return len(self.choices)
        low, high, step = self.bounds()
        return int((high - low) / step) + 1

    def at(self, index: int) -> Fraction:
        """The ``index``-th value of the grid, without building the grid."""
        if self.choices:
            return self.choices[index]
        low, _, step = self.bounds()
        return low + index * step

    def bounds(self) -> tuple[Fraction, Fraction, Fraction]:
        """(min, max, step) of a param without choices (the schema requires all three there)."""
        if self.min is None or self.max is None or self.step is None:
            raise ValueError(f"param `{self.name}` has neither choices nor min, max and step")
        return self.min, self.max, self.step


@dataclass(frozen=True)
class Step:
    """One numbered line of a worked answer.

    ``name`` is for authors' expressions; ``label`` is what a learner calls
    the step ("16-bit weights"), and every message a learner reads uses it.
    """

    name: str
    expr: str
    unit: str = ""
    text: str = ""
    format: str | None = None
    label: str = ""

    @property
    def title(self) -> str:
        """The learner-facing name: the label, else the name in words."""
        return self.label or self.name.replace("_", " ")


@dataclass(frozen=True, eq=False)
class Worked:
    """A worked calculation: givens, constraints, steps, and which steps are the answer.

    ``parts`` names the steps that answer the problem, in the order it asks
    for them (most questions have one). Compared by identity: it keys the
    plan and compile caches, which hash it on every call.
    """

    problem: str
    params: tuple[Param, ...]
    steps: tuple[Step, ...]
    parts: tuple[str, ...]
    constraints: tuple[str, ...] = ()

    @property
    def result(self) -> str:
        """The first (or only) answer part; code that shows or marks answers reads ``parts``."""
        return self.parts[0]

    def param(self, name: str) -> Param:
        return _by_name(self.params, name, "param")

    def step(self, name: str) -> Step:
        return _by_name(self.steps, name, "step")

    @property
    def names(self) -> tuple[str, ...]:
        """Param names then step names, in file order."""
        return tuple(p.name for p in self.params) + tuple(s.name for s in self.steps)

    def variant_count(self) -> int:
        """The size of the parameter grid (before constraints)."""
        total = 1
        for p in self.params:
            total *= p.size()
        return total


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_N = TypeVar("_N", bound=_Named)


def _by_name(items: Sequence[_N], name: str, kind: str) -> _N:
    for item in items:
        if item.name == name:
            return item
    raise NotFound(f"no {kind} `{name}`" + did_you_mean(name, [i.name for i in items]))


@dataclass(frozen=True)
class Question:
    """One interview question; ``worked`` is None when it has no arithmetic."""

    id: str
    bank: str
    level: str
    title: str
    answer: str
    takeaway: str
    tags: tuple[str, ...] = ()
    key_points: tuple[str, ...] = ()
    worked: Worked | None = None
    path: str = ""
    marks: Marks = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def key(self) -> str:
        """The identity used for seeds and history."""
        return self.id

    @property
    def worked_path(self) -> FieldPath:
        """Where the worked answer's fields sit in the file: at the top level of a question."""
        return ()


@dataclass(frozen=True)
class Term:
    """A glossary entry with a worked example."""

    id: str
    term: str
    definition: str
    explanation: str
    example: Worked
    aliases: tuple[str, ...] = ()
    path: str = ""
    marks: Marks = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def key(self) -> str:
        return f"glossary:{self.id}"

    @property
    def worked(self) -> Worked:
        """The example, so a term and a question are solved alike (``owner.worked``)."""
        return self.example

    @property
    def worked_path(self) -> FieldPath:
        """Where the worked answer's fields sit in the file: under ``example``."""
        return ("example",)

    @property
    def spellings(self) -> tuple[str, ...]:
        """The term and its aliases."""
        return (self.term, *self.aliases)


def worked_of(owner: Question | Term) -> Worked:
    """The worked answer of a question or glossary term; :class:`BankError` when a question has none.

    >>> worked_of(Question("q", "b", "core", "Why?", "Because.", "So."))
    Traceback (most recent call last):
    ...
    bank.errors.BankError: `q` has no worked answer
    """
    if owner.worked is None:
        raise BankError(f"`{owner.id}` has no worked answer")
    return owner.worked


def prose_fields(owner: Question | Term) -> Iterator[tuple[FieldPath, str]]:
    """(field path from the owner's root, template text) of every prose field: the one list of what is prose.

    A question's title, answer, key points and takeaway, then its worked problem and each step's text;
    a term's definition and explanation, then its example's problem and step texts. Whatever lints or
    renders all of an owner's prose (``bank check``, its prose lint, the site) reads this list.

    >>> worked = Worked("Copy {{ size }} GB.", (), (Step("time", "1", text="{{ time }} s"),), ("time",))
    >>> q = Question("q", "b", "core", "Title", "Answer", "Takeaway", key_points=("a", "b"), worked=worked)
    >>> [path for path, _ in prose_fields(q)]  # doctest: +NORMALIZE_WHITESPACE
    [('title',), ('answer',), ('key_points', 0), ('key_points', 1), ('takeaway',), ('problem',),
     ('steps', 0, 'text')]
    >>> [path for path, _ in prose_fields(Term("t", "term", "Definition.", "Explanation.", worked))]
    [('definition',), ('explanation',), ('example', 'problem'), ('example', 'steps', 0, 'text')]
    """
    if isinstance(owner, Question):
        yield ("title",), owner.title
        yield ("answer",), owner.answer
        for i, point in enumerate(owner.key_points):
            yield ("key_points", i), point
        yield ("takeaway",), owner.takeaway
    else:
        yield ("definition",), owner.definition
        yield ("explanation",), owner.explanation
    if owner.worked is not None:
        base = owner.worked_path
        yield base + ("problem",), owner.worked.problem
        for i, step in enumerate(owner.worked.steps):
            yield base + ("steps", i, "text"), step.text


@dataclass(frozen=True)
class Bank:
    """A titled, ordered collection of questions."""

    slug: str
    title: str
    intro: str
    questions: tuple[Question, ...]
    path: str = ""


@dataclass(frozen=True)
class Library:
    """Every bank and the glossary under one questions folder."""

    root: str
    banks: tuple[Bank, ...]
    glossary: tuple[Term, ...] = ()

    def questions(self) -> Iterator[Question]:
        for bank in self.banks:
            yield from bank.questions

    def question(self, qid: str) -> Question:
        """Find a question by id, with a near-miss hint when it is missing."""
        for q in self.questions():
            if q.id == qid:
                return q
        raise NotFound(f"no question `{qid}`" + did_you_mean(qid, [q.id for q in self.questions()]))

    def bank(self, slug: str) -> Bank:
        for bank in self.banks:
            if bank.slug == slug:
                return bank
        raise NotFound(f"no bank `{slug}`" + did_you_mean(slug, [b.slug for b in self.banks]))

    def term(self, tid: str) -> Term:
        for term in self.glossary:
            if term.id == tid:
                return term
        raise NotFound(f"no glossary term `{tid}`" + did_you_mean(tid, [t.id for t in self.glossary]))


@dataclass(frozen=True)
class Variant:
    """Values for every param of a worked calculation, in declared units.

    ``seed`` is None for the default variant (the author's defaults).
    """

    key: str
    seed: str | None
    values: tuple[tuple[str, Fraction], ...]
    student: str | None = None

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.values)


@dataclass(frozen=True)
class Value:
    """A computed or given number in its declared unit, ready for prose.

    Printing uses the author's ``format`` (a filter name such as ``money`` or
    ``sig(3)``); arithmetic on it in a template is deliberately unsupported, so
    every number shown comes from a param or a step.

    >>> str(Value(Fraction(21900), "USD", "money"))
    '$21,900'
    """

    magnitude: Fraction | float
    unit: str = ""
    format: str | None = None

    @property
    def unit_obj(self) -> Unit:
        from .units import parse_unit
        return parse_unit(self.unit)

    def __str__(self) -> str:
        m = self.magnitude
        if isinstance(m, float):
            return _text(m, 0, self.unit, self.format)
        return _text(m.numerator, m.denominator, self.unit, self.format)

    def __float__(self) -> float:
        return float(self.magnitude)

    # Prose may compare values ({% if share > 100 %}), never compute with them.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Value):
            return self.magnitude == other.magnitude
        if isinstance(other, (int, float, Fraction)):
            return self.magnitude == other
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        return self.magnitude < _magnitude(other)

    def __le__(self, other: object) -> bool:
        return self.magnitude <= _magnitude(other)

    def __gt__(self, other: object) -> bool:
        return self.magnitude > _magnitude(other)

    def __ge__(self, other: object) -> bool:
        return self.magnitude >= _magnitude(other)

    __hash__ = None  # type: ignore[assignment]

    def exact(self) -> str:
        """The exact value as text: ``35/3`` or ``21900``."""
        m = self.magnitude
        return str(m) if isinstance(m, Fraction) else repr(m)


def _magnitude(x: object) -> Fraction | float | int:
    """A number to compare a :class:`Value` with."""
    if isinstance(x, Value):
        return x.magnitude
    if isinstance(x, (int, float, Fraction)):
        return x
    raise TypeError(f"cannot compare a value with {type(x).__name__}")


@functools.lru_cache(maxsize=8192)
def _text(numerator: int | float, denominator: int, unit: str, format: str | None) -> str:
    """A value's text, memoised because a site prints the same values in variant after variant; an
    exact value comes as its two integers (a Fraction's own hash costs more than the rest of a hit),
    a float as itself over 0 (so ``0.5`` and ``1/2``, equal as keys, stay apart)."""
    from .formatting import apply_format

    magnitude = numerator if denominator == 0 else Fraction(int(numerator), denominator)
    return apply_format(magnitude if format is None else Value(magnitude, unit, format), format)
