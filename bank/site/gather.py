"""Gather: load, validate and pre-render everything the site shows.

This is the first stage of ``gather -> render -> write``. It loads the
banks and glossary, computes K variants of each worked question with
:mod:`bank.variant` and :mod:`bank.solve`, renders every prose field to
HTML (Markdown, glossary links), and records which questions mention
which terms. Every problem is collected and located (``path:line:col``,
as ``bank check`` prints it); if any is found, :class:`ProblemsFound` is
raised and nothing later runs.

>>> site = gather(variants=3)                       # the bundled banks
>>> worked = next(q for q in site.questions() if q.question.worked)
>>> [v.seed for v in worked.variants]
[None, '1', '2']
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable

from markupsafe import Markup

from .. import load as loader
from ..check import Locator
from ..errors import BankError, Problem, ProblemsFound, did_you_mean
from ..model import LEVELS, Bank, Library, Question, Term, Worked
from ..text import TemplateError, links, render
from . import paths
from .linking import Glossary, Scope
from .markdown import plain_text, to_html
from .progress import NO_PROGRESS, Progress


@dataclass(frozen=True)
class Fragment:
    """One variant of a question (or a glossary example), rendered to HTML."""

    seed: str | None
    problem: Markup = Markup("")
    answer: Markup = Markup("")
    key_points: tuple[Markup, ...] = ()
    steps: tuple[Markup, ...] = ()
    takeaway: Markup = Markup("")
    parts: tuple[dict, ...] = ()
    values: dict[str, str] | None = None

    @property
    def result(self) -> dict | None:
        """The first (or only) answer part: ``{name, label, text, exact}``."""
        return self.parts[0] if self.parts else None

    def as_json(self) -> dict:
        """The shape ``practice.js`` swaps in (HTML strings, already escaped)."""
        return {"seed": self.seed, "problem": str(self.problem), "answer": str(self.answer),
                "key_points": [str(k) for k in self.key_points], "steps": [str(s) for s in self.steps],
                "takeaway": str(self.takeaway), "parts": list(self.parts), "values": self.values}


@dataclass
class QuestionView:
    """A question ready for the pages: its title, variants and mentions."""

    question: Question
    title: str
    variants: list[Fragment]
    mentions: frozenset[str] = frozenset()
    units: tuple[dict, ...] = ()

    @property
    def default(self) -> Fragment:
        return self.variants[0]

    @property
    def page(self) -> str:
        return paths.question_page(self.question.bank, self.question.id)


@dataclass
class TermView:
    """A glossary entry ready for the glossary page."""

    term: Term
    definition: Markup
    explanation: Markup
    example: Fragment
    used_in: list[QuestionView] = field(default_factory=list)

    @property
    def letter(self) -> str:
        first = self.term.term[:1].upper()
        return first if first.isalpha() else "#"


@dataclass
class BankView:
    """A bank with its questions in order, level counts and tags."""

    bank: Bank
    intro: Markup          # for the bank's own page
    summary: Markup        # the same intro, linked from the index page
    questions: list[QuestionView]

    @property
    def counts(self) -> list[tuple[str, int]]:
        found = Counter(q.question.level for q in self.questions)
        return [(level, found[level]) for level in LEVELS if found[level]]

    @property
    def tags(self) -> list[tuple[str, int]]:
        found = Counter(tag for q in self.questions for tag in q.question.tags)
        return sorted(found.items())

    @property
    def page(self) -> str:
        return paths.bank_page(self.bank.slug)

    @property
    def toc(self) -> list[tuple[str, str]]:
        """(anchor, title) of every question, for the page's table of contents."""
        return [(q.question.id, q.title) for q in self.questions]


@dataclass
class SiteData:
    """Everything the render stage needs; built only when no problem was found."""

    library: Library
    banks: list[BankView]
    terms: list[TermView]
    variants: int

    def questions(self) -> Iterable[QuestionView]:
        for bank in self.banks:
            yield from bank.questions


def gather(questions=None, variants: int = 20, progress: Progress = NO_PROGRESS) -> SiteData:
    """Load, validate and pre-render; raise :class:`ProblemsFound` listing every problem."""
    library, found = loader.gather(questions)
    problems = [p for p in found if p.severity == "error"]
    problems += _reserved_slugs(library)
    glossary = Glossary(library.glossary, _definitions(library.glossary))
    problems += _unknown_links(library, glossary)
    progress.start("Solving variants", sum(1 for _ in library.questions()) + len(library.glossary))
    banks = [bank_view(bank, glossary, variants, problems, progress) for bank in library.banks]
    terms = []
    for term in library.glossary:
        terms.append(_collect(problems, term_view, term, glossary))
        progress.advance()
    if problems:
        raise ProblemsFound(problems)
    terms = sorted(terms, key=lambda t: (t.term.term.casefold(), t.term.id))
    _back_links(terms, [q for b in banks for q in b.questions])
    return SiteData(library, banks, terms, variants)


def bank_view(bank: Bank, glossary: Glossary, variants: int, problems: list[Problem],
              progress: Progress = NO_PROGRESS) -> BankView:
    """A bank's questions, each with its variants; problems are added to ``problems``."""
    views = []
    for q in bank.questions:
        views.append(_collect(problems, question_view, q, glossary, variants))
        progress.advance()
    # The intro shows on the index and on the bank's page: glossary links differ by folder.
    intro = to_html(bank.intro, Scope(glossary, _href_from(paths.bank_page(bank.slug)), prefix="_intro"))
    summary = to_html(bank.intro, Scope(glossary, _href_from(paths.INDEX), prefix=bank.slug))
    return BankView(bank, intro, summary, [v for v in views if v is not None])


def _collect(problems: list[Problem], fn: Callable, *args):
    """Run one gathering step; a located failure is recorded, not raised."""
    try:
        return fn(*args)
    except ProblemsFound as exc:
        problems.extend(exc.problems)
        return None


# ----------------------------------------------------------------------------- validation

def _reserved_slugs(library: Library) -> list[Problem]:
    return [Problem(b.path, 0, 0, f"bank folder name `{b.slug}` is reserved by the site "
                    f"({', '.join(sorted(paths.RESERVED))}); rename the folder")
            for b in library.banks if b.slug in paths.RESERVED]


def _unknown_links(library: Library, glossary: Glossary) -> list[Problem]:
    """Explicit ``[[id]]`` links to terms that do not exist, located as ``bank check`` does."""
    out = []
    owners: list[Question | Term] = [*library.questions(), *library.glossary]
    for owner in owners:
        for where, source in prose_fields(owner):
            for link in links(source):
                if link.term in glossary.terms:
                    continue
                needle = source[link.start:source.index("]]", link.start) + 2]
                out.append(Locator(owner).problem(where, f"link to unknown glossary term `{link.term}`"
                                                  + did_you_mean(link.term, glossary.terms), needle=needle))
    return out


def prose_fields(owner: Question | Term) -> Iterable[tuple[tuple, str]]:
    """(marks path, template) of every prose field, in reading order."""
    worked: Worked | None
    base: tuple
    if isinstance(owner, Term):
        yield ("definition",), owner.definition
        yield ("explanation",), owner.explanation
        worked, base = owner.example, ("example",)
    else:
        yield ("title",), owner.title
        worked, base = owner.worked, ()
    if worked is not None:
        yield base + ("problem",), worked.problem
    if isinstance(owner, Question):
        yield ("answer",), owner.answer
        for i, point in enumerate(owner.key_points):
            yield ("key_points", i), point
    if worked is not None:
        for i, step in enumerate(worked.steps):
            yield base + ("steps", i, "text"), step.text
    if isinstance(owner, Question):
        yield ("takeaway",), owner.takeaway


@functools.lru_cache(maxsize=None)
def _href_from(page: str) -> Callable[[str], str]:
    """Term id -> link from ``page`` to the glossary entry (memoised: every link asks)."""
    return functools.lru_cache(maxsize=None)(lambda term_id: paths.relative(paths.term_anchor(term_id), page))


# ----------------------------------------------------------------------------- questions

class _Fields:
    """Renders one owner's prose templates for one variant, locating template errors.

    ``memo`` (shared by the variants of one question) reuses the HTML of a field whose
    text and linking state repeat, as a number-free answer does in every variant.
    """

    def __init__(self, owner, context: dict, scope: Scope | None, memo: dict | None = None):
        self.owner, self.context, self.scope = owner, context, scope
        self.memo = {} if memo is None else memo

    def text(self, where: tuple, source: str) -> str:
        if "{" not in source:  # no template syntax: jinja would only drop one trailing newline
            return source[:-1] if source.endswith("\n") else source
        try:
            return render(source, self.context)
        except TemplateError as exc:
            raise ProblemsFound([Locator(self.owner).problem(where, str(exc), needle=_needle(source, exc))]) from None

    def html(self, where: tuple, source: str, inline: bool = False) -> Markup:
        text = self.text(where, source)
        scope = self.scope
        if scope is None:
            return to_html(text, None, inline=inline)
        # The variants of a question differ in their numbers only: Markdown and glossary links are
        # worked out once per field on a skeleton with the numbers taken out, then filled in.
        numbers = _NUMBER.findall(text)
        skeleton = _NUMBER.sub(_HOLE, text)
        key = (skeleton, inline, frozenset(scope.linked), scope.tips)
        if key in self.memo:
            html, linked, mentioned, tips = self.memo[key]
            if html is not None:
                scope.linked |= linked
                scope.mentioned |= mentioned
                scope.tips = tips
                return _fill(html, numbers)
        before, linked_before, tips_before = frozenset(scope.mentioned), set(scope.linked), scope.tips
        html = to_html(text, scope, inline=inline)
        if key not in self.memo:
            self.memo[key] = (self._skeleton(skeleton, numbers, inline, html, linked_before, tips_before),
                              frozenset(scope.linked), frozenset(scope.mentioned - before), scope.tips)
        return html

    def _skeleton(self, skeleton: str, numbers: list[str], inline: bool, html: Markup, linked: set,
                  tips: int) -> Markup | None:
        """The skeleton's HTML when filling in ``numbers`` gives exactly ``html``, else None (a number
        that changes the Markdown, such as ``1.`` starting a line, is rendered every time)."""
        assert self.scope is not None
        if self.scope.glossary.numeric:
            return None
        probe = Scope(self.scope.glossary, self.scope.href, self.scope.prefix, self.scope.skip, set(linked), set(), tips)
        shape = to_html(skeleton, probe, inline=inline)
        if shape.count(_HOLE) != len(numbers) or _fill(shape, numbers) != html:
            return None
        return shape


#: A number as prose prints it (``21,900``, ``11.7``, ``2``), and the character that stands for it.
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_HOLE = "\ue000"


def _fill(shape: Markup, numbers: list[str]) -> Markup:
    parts = str(shape).split(_HOLE)
    out = [parts[0]]
    for number, part in zip(numbers, parts[1:]):
        out += [number, part]
    return Markup("".join(out))


def _needle(source: str, exc: TemplateError) -> str | None:
    """Text to find the template error by in the file: the undefined name, else the field's first line."""
    m = re.search(r"'([^']+)' is undefined", str(exc))
    if m and m.group(1) in source:
        return m.group(1)
    first = next((line.strip() for line in source.splitlines() if line.strip()), "")
    return first[:30] or None


def question_view(q: Question, glossary: Glossary, count: int) -> QuestionView:
    """Render a question's default variant and up to ``count - 1`` more."""
    page = paths.question_page(q.bank, q.id)
    if q.worked is None:
        scope = Scope(glossary, _href_from(page), prefix=q.id)
        fields = _Fields(q, {}, scope)
        title = plain_text(fields.text(("title",), q.title))
        scope.mention(title)
        return QuestionView(q, title, [_fragment(q, None, fields)], frozenset(scope.mentioned))
    solutions = _solve(q, q.worked, count)
    fragments: list[Fragment] = []
    mentions: frozenset[str] = frozenset()
    memo: dict = {}
    title = ""
    for solution in solutions:
        scope = Scope(glossary, _href_from(page), prefix=q.id)
        fields = _Fields(q, solution.context(), scope, memo)
        title = title or plain_text(fields.text(("title",), q.title))
        scope.mention(title)
        fragments.append(_fragment(q, solution, fields))
        mentions = mentions or frozenset(scope.mentioned)  # the default variant's mentions
    return QuestionView(q, title, fragments, mentions, tuple(unit_info(q.worked, part) for part in q.worked.parts))


def _fragment(q: Question, solution, fields: _Fields) -> Fragment:
    worked = q.worked
    problem = fields.html(("problem",), worked.problem) if worked else Markup("")
    answer = fields.html(("answer",), q.answer)
    points = tuple(fields.html(("key_points", i), p, inline=True) for i, p in enumerate(q.key_points))
    steps = tuple(fields.html(("steps", i, "text"), s.text, inline=True) for i, s in enumerate(worked.steps)) \
        if worked else ()
    takeaway = fields.html(("takeaway",), q.takeaway, inline=True)
    if solution is None:
        return Fragment(None, problem, answer, points, steps, takeaway)
    values = {name: _ratio(Fraction(x)) for name, x in solution.variant.values}
    return Fragment(solution.variant.seed, problem, answer, points, steps, takeaway, parts_info(solution), values)


def _solve(owner: Question | Term, worked: Worked, count: int):
    """The default variant plus distinct seeded ones, solved; failures located."""
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


def pick_variants(owner: Question | Term, count: int) -> list:
    """The default variant first, then seeds 1, 2, ... skipping repeats, up to ``count`` in all."""
    from ..variant import variant

    chosen = [variant(owner)]
    seen = {chosen[0].values}
    for seed in range(1, 3 * count):
        if len(chosen) >= count:
            break
        v = variant(owner, seed)
        if v.values not in seen:
            seen.add(v.values)
            chosen.append(v)
    return chosen


def parts_info(solution) -> tuple[dict, ...]:
    """Every answer part for the browser's Check: step name, label, shown text and exact value as ``n/d``."""
    from ..render import with_unit

    worked = solution.worked
    out = []
    for name, value in zip(worked.parts, solution.parts):
        magnitude = value.magnitude if isinstance(value.magnitude, Fraction) else Fraction(repr(value.magnitude))
        out.append({"name": name, "label": worked.step(name).title,
                    "text": _plural(with_unit(value), value.unit, magnitude), "exact": _ratio(magnitude)})
    return tuple(out)


def result_info(solution) -> dict:
    """The first answer part (see :func:`parts_info`)."""
    return parts_info(solution)[0]


def _plural(text: str, unit: str, magnitude: Fraction) -> str:
    """``432 million tokens`` rather than ``432 million token``: counted units read as plurals."""
    from ..units import REGISTRY

    if magnitude != 1 and text.endswith(f" {unit}") and REGISTRY.get(unit + "s") is REGISTRY.get(unit) is not None:
        return text + "s"
    return text


def unit_info(worked: Worked, part: str | None = None) -> dict:
    """An answer part's unit (the first part's by default), for converting what a learner types:
    name, scale to base, dimensions."""
    from ..units import parse_unit

    unit = worked.step(part or worked.result).unit
    parsed = parse_unit(unit)
    return {"name": unit, "scale": _ratio(parsed.scale), "dims": list(parsed.dims)}


def _ratio(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


# ----------------------------------------------------------------------------- glossary

def _definitions(terms: Iterable[Term]) -> dict[str, str]:
    """Each term's one-sentence definition as inline HTML (for tooltips); links made plain."""
    out = {}
    for term in terms:
        try:
            out[term.id] = str(to_html(plain_text(render(term.definition, {})), inline=True))
        except TemplateError:
            out[term.id] = str(to_html(plain_text(term.definition), inline=True))
    return out


def term_view(term: Term, glossary: Glossary) -> TermView:
    """A glossary entry: definition, explanation (other terms linked) and its worked example."""
    solution = _solve(term, term.example, 1)[0]
    scope = Scope(glossary, _href_from(paths.GLOSSARY), prefix=term.id, skip=frozenset({term.id}))
    fields = _Fields(term, solution.context(), scope)
    definition = fields.html(("definition",), term.definition, inline=True)
    explanation = fields.html(("explanation",), term.explanation)
    problem = fields.html(("example", "problem"), term.example.problem)
    steps = tuple(fields.html(("example", "steps", i, "text"), s.text, inline=True)
                  for i, s in enumerate(term.example.steps))
    example = Fragment(None, problem, steps=steps, parts=parts_info(solution))
    return TermView(term, definition, explanation, example)


def _back_links(terms: list[TermView], questions: list[QuestionView]) -> None:
    """"Used in": every question that mentions the term, in bank order."""
    for view in terms:
        view.used_in = [q for q in questions if view.term.id in q.mentions]
