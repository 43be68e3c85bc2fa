"""Lint a questions folder: gather every problem, locate it, never stop at the first.

Checks, in order: the schema and unknown keys (in :mod:`bank.load`),
duplicate ids, names and units and step order (:mod:`bank.plan`), prose
templates (undefined names, typed numbers, glossary links), and finally
evaluation of the default variant and ``variants`` seeded ones.

>>> report = check(variants=5)
>>> report.ok, report.errors
(True, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

from . import text as prose
from .errors import BankError, Problem, did_you_mean
from .load import gather
from .locations import Locator  # re-exported for callers of the old home (the site, until it moves)
from .model import Library, Question, Term, Worked
from .plan import PlanError, plan
from .units import DIMENSIONS


@dataclass
class Report:
    """Everything ``bank check`` found, plus what it covered."""

    problems: list[Problem] = field(default_factory=list)
    questions: int = 0
    terms: int = 0
    variants: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict:
        return {"ok": self.ok, "questions": self.questions, "terms": self.terms,
                "variants_checked": self.variants, "problems": [p.as_dict() for p in sorted(self.problems)]}


def check(questions=None, variants: int = 200) -> Report:
    """Check every bank and the glossary under ``questions`` (default: the bundled ones)."""
    library, problems = gather(questions)
    report = Report(problems=list(problems))
    report.questions = sum(1 for _ in library.questions())
    report.terms = len(library.glossary)
    names = {t.id: t.term for t in library.glossary}
    report.problems += _check_glossary(library)
    for owner, prefix, worked in _owners(library):
        locate = Locator(owner, prefix)
        report.problems += _check_links(owner, names)
        template_problems = _check_templates(owner, worked)
        report.problems += template_problems
        if worked is None:
            continue
        try:
            planned = plan(worked)  # cached: variant() and solve() reuse it
        except PlanError as exc:
            report.problems += [locate.problem(p.where, p.message, p.offset) for p in exc.problems]
            continue
        if not template_problems:
            found, count = _check_variants(owner, worked, planned, locate, variants)
            report.problems += found
            report.variants += count
    report.problems = sorted(set(report.problems))
    return report


def _owners(library: Library) -> Iterator[tuple[Question | Term, tuple, Worked | None]]:
    for q in library.questions():
        yield q, (), q.worked
    for t in library.glossary:
        yield t, ("example",), t.example


# ----------------------------------------------------------------------------- prose

def _prose_fields(owner: Question | Term) -> Iterator[tuple[tuple, str]]:
    """(marks path relative to the owner's root, template text) of every prose field."""
    base: tuple = ()
    if isinstance(owner, Question):
        yield ("title",), owner.title
        yield ("answer",), owner.answer
        yield ("takeaway",), owner.takeaway
        for i, point in enumerate(owner.key_points):
            yield ("key_points", i), point
        worked = owner.worked
    else:
        yield ("definition",), owner.definition
        yield ("explanation",), owner.explanation
        worked, base = owner.example, ("example",)
    if worked is not None:
        yield base + ("problem",), worked.problem
        for i, step in enumerate(worked.steps):
            yield base + ("steps", i, "text"), step.text


#: Problems of one kind located per field; the rest are counted in one more line, so a field
#: with 100,000 typed numbers costs no more than one with ten.
MAX_PER_FIELD = 10


def _check_links(owner, names: dict[str, str]) -> list[Problem]:
    root = Locator(owner)
    out = []
    for where, source in _prose_fields(owner):
        unknown = (link for link in prose.links(source) if link.term not in names)
        out += _located(root, where, "links to unknown terms", (
            (f"link to unknown glossary term `{link.term}`" + did_you_mean(link.term, names),
             source[link.start:source.index("]]", link.start) + 2]) for link in unknown))
    return out


def _check_templates(owner, worked: Worked | None) -> list[Problem]:
    """Every prose field: only the allowed template language (see :mod:`bank.text`), known names,
    params alone in the problem, and no numbers typed into the text."""
    root = Locator(owner)
    known = set(worked.names) if worked else set()
    out = []
    for where, source in _prose_fields(owner):
        try:
            used = prose.undeclared(source)
        except prose.TemplateError as exc:
            out.append(root.in_template(where, source, exc.message, exc.offset))
            continue
        allowed = {p.name for p in worked.params} if worked and where[-1] == "problem" else known
        out += _located(root, where, "steps in the problem", (
            (f"the problem uses step `{name}`; it may state only params", name)
            for name in sorted(used & known - allowed)))
        out += _located(root, where, "unknown names", (
            (f"template uses unknown name `{name}`" + did_you_mean(name, known), name)
            for name in sorted(used - known)))
        if worked is None:
            continue
        out += _located(root, where, "typed numbers", (
            (f"number `{literal}` is typed into the prose; use a param or a step so every variant stays right",
             literal) for _, literal in prose.typed_numbers(source)))
    return out


def _located(root: Locator, where: tuple, what: str, found: Iterable[tuple[str, str]]) -> list[Problem]:
    """The first :data:`MAX_PER_FIELD` (message, needle) pairs located, then a line counting the rest."""
    out: list[Problem] = []
    extra = 0
    for message, needle in found:
        if len(out) < MAX_PER_FIELD:
            out.append(root.problem(where, message, needle=needle))
        else:
            extra += 1
    if extra:
        out.append(root.problem(where, f"... and {extra:,} more {what} in this field"))
    return out


def _check_glossary(library: Library) -> list[Problem]:
    out = []
    seen: dict[str, Term] = {}
    for term in library.glossary:
        for spelling in term.spellings:
            key = spelling.lower()
            if key in seen and seen[key].id != term.id:
                out.append(Locator(term).problem(("aliases",), f"`{spelling}` also names `{seen[key].id}`"))
            seen.setdefault(key, term)
    return out


# ----------------------------------------------------------------------------- evaluation

def _check_variants(owner, worked: Worked, planned, locate: Locator, count: int) -> tuple[list[Problem], int]:
    from .solve import SolveError, solve
    from .variant import ConstraintsUnsatisfiable, variant

    out: list[Problem] = []
    default = variant(owner)
    for text in planned.failing(default.as_dict()):
        index = worked.constraints.index(text)
        out.append(locate.problem(("constraints", index), f"the default values break the constraint `{text}`"))
    never_negative = [s.name for s in worked.steps if _cannot_be_negative(planned.units[s.name])]
    templates = [source for _, source in _prose_fields(owner) if prose.undeclared(source)]
    seeds = [None] + list(range(count))
    checked = 0
    for seed in seeds:
        label = "default variant" if seed is None else f"seed {seed}"
        try:
            v = default if seed is None else variant(owner, seed)
            solution = solve(owner, v)
            context = solution.context()
            for source in templates:
                prose.render(source, context)
        except ConstraintsUnsatisfiable as exc:
            out.append(locate.problem(("constraints",), str(exc)))
            break
        except SolveError as exc:
            out.append(locate.problem(_step_where(worked, exc.step), f"{label}: {exc}"))
            break
        except BankError as exc:
            out.append(locate.problem(("problem",), f"{label}: {exc}"))
            break
        bad = _negative(never_negative, solution)
        if bad:
            out.append(locate.problem(_step_where(worked, bad), f"{label}: step `{bad}` is negative "
                                      f"({solution.values[bad]}), which its unit cannot be"))
            break
        checked += 1
    return out, checked


def _cannot_be_negative(unit) -> bool:
    """Times, sizes, FLOPs and counts cannot be negative; money and plain numbers can."""
    return any(unit.dims) and not unit.dims[DIMENSIONS.index("money")]


def _negative(names: list[str], solution) -> str | None:
    return next((n for n in names if solution.values[n].magnitude < 0), None)


def _step_where(worked: Worked, name: str | None) -> tuple:
    for i, step in enumerate(worked.steps):
        if step.name == name:
            return ("steps", i, "expr")
    return ("steps",)


__all__ = ["check", "Report", "Locator"]
