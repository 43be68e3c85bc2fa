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

import functools
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from . import text as prose
from .errors import BankError, Problem, did_you_mean
from .lint_prose import ProseLint
from .load import gather
from .locations import Locator
from .model import Library, Question, Term, Worked, prose_fields
from .plan import Plan, PlanError, plan
from .units import DIMENSIONS, Unit

if TYPE_CHECKING:
    from .solve import Solution


@dataclass
class Report:
    """Everything ``bank check`` found, plus what it covered."""

    problems: list[Problem] = field(default_factory=list)
    questions: int = 0
    terms: int = 0
    variants: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        """What was covered and how it went, in one line.

        >>> Report(questions=2, terms=1, variants=1402).summary()
        '2 questions, 1 glossary term, 1,402 variants evaluated: no problems'
        """
        from .formatting import counted

        covered = f"{counted(self.questions, 'question')}, {counted(self.terms, 'glossary term')}"
        verdict = "no problems" if self.ok else counted(len(self.errors), "error")
        return f"{covered}, {counted(self.variants, 'variant')} evaluated: {verdict}"

    def as_text(self) -> str:
        """Every problem as ``path:line:col: message``, then the summary."""
        return "\n".join([*map(str, self.problems), self.summary()])

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "questions": self.questions, "terms": self.terms,
                "variants_checked": self.variants, "problems": [p.as_dict() for p in sorted(self.problems)]}


def check(questions: str | os.PathLike | None = None, variants: int = 200) -> Report:
    """Check every bank and the glossary under ``questions`` (default: the bundled ones)."""
    library, problems = gather(questions)
    report = Report(problems=list(problems))
    report.questions = sum(1 for _ in library.questions())
    report.terms = len(library.glossary)
    names = {t.id: t.term for t in library.glossary}
    report.problems += _check_glossary(library)
    for owner in [*library.questions(), *library.glossary, *_stand_ins(library, problems)]:
        found, count = _check_owner(owner, names, variants)
        report.problems += found
        report.variants += count
    report.problems = sorted(set(report.problems))
    return report


def _check_owner(owner: Question | Term, names: dict[str, str], variants: int) -> tuple[list[Problem], int]:
    """Every problem of one question or term. No stage waits for an earlier one to pass: templates are
    checked even when the plan fails, and the variants are evaluated with the unit each mislabelled
    step should declare, so an author sees everything in one run."""
    worked = owner.worked
    locate = Locator(owner, owner.worked_path)
    out = _check_links(owner, names) + _check_templates(owner, worked)
    if worked is None:
        return out, 0
    lint = ProseLint(owner)
    planned: Plan | None
    try:
        planned = plan(worked)  # cached: variant() and solve() reuse it
    except PlanError as exc:
        out += [locate.problem(p.where, p.message, p.offset) for p in exc.problems]
        owner, worked, planned = _as_suggested(owner, worked)
        if planned is None:
            return out + lint.problems(), 0
    found, count = _check_variants(owner, worked, planned, locate, variants, lint)
    return out + found + lint.problems(), count


def _stand_ins(library: Library, problems: list[Problem]) -> Iterable[Question | Term]:
    """Files the loader left out for a schema problem whose worked part can still be checked."""
    from .salvage import stand_ins

    loaded = {q.path for q in library.questions()} | {t.path for t in library.glossary}
    failed = {p.path for p in problems if p.is_error} - loaded
    return stand_ins(library.root, failed) if failed else []


def _as_suggested(owner: Question | Term, worked: Worked) -> tuple[Question | Term, Worked, Plan | None]:
    """(owner, worked, plan) with every mislabelled step declaring the unit its expression yields,
    or a plan of None when that does not make the worked answer plan cleanly."""
    from dataclasses import replace

    from .lint_units import with_suggested_units
    from .units import UnitError, parse_unit

    try:
        units = {p.name: parse_unit(p.unit) for p in worked.params}
        fixed = with_suggested_units(worked, units)
        if fixed is None:
            return owner, worked, None
        owner = replace(owner, example=fixed) if isinstance(owner, Term) else replace(owner, worked=fixed)
        return owner, fixed, plan(fixed)
    except (PlanError, UnitError):
        return owner, worked, None


# ----------------------------------------------------------------------------- prose

#: Problems of one kind located per field; the rest are counted in one more line, so a field
#: with 100,000 typed numbers costs no more than one with ten.
MAX_PER_FIELD = 10


def _check_links(owner: Question | Term, names: dict[str, str]) -> list[Problem]:
    root = Locator(owner)
    out = []
    for where, source in prose_fields(owner):
        unknown = (link for link in prose.links(source) if link.term not in names)
        out += _located(root, where, "links to unknown terms", (
            (f"link to unknown glossary term `{link.term}`" + did_you_mean(link.term, names),
             source[link.start:source.index("]]", link.start) + 2]) for link in unknown))
    return out


def _check_templates(owner: Question | Term, worked: Worked | None) -> list[Problem]:
    """Every prose field: only the allowed template language (see :mod:`bank.text`), known names,
    params alone in the problem, and no numbers typed into the text."""
    root = Locator(owner)
    known = set(worked.names) if worked else set()
    out = []
    for where, source in prose_fields(owner):
        try:
            used = _undeclared(source)
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

def _check_variants(owner: Question | Term, worked: Worked, planned: Plan, locate: Locator, count: int,
                    lint: ProseLint) -> tuple[list[Problem], int]:
    """Evaluate and render the default variant and ``count`` seeded ones. Each fault is reported once,
    for the first variant that shows it, and one fault does not stop the search for others."""
    from .solve import SolveError, solve
    from .variant import ConstraintsUnsatisfiable, variant

    out: dict[tuple, Problem] = {}
    default = variant(owner)
    for text in planned.failing(default.as_dict()):
        index = worked.constraints.index(text)
        out[("constraint", index)] = locate.problem(("constraints", index),
                                                    f"the default values break the constraint `{text}`")
    never_negative = [s.name for s in worked.steps if _cannot_be_negative(planned.units[s.name])]
    templates = [(where, source) for where, source in prose_fields(owner) if _renderable(source, worked)]
    checked = 0
    for seed in [None, *range(count)]:
        label = "default variant" if seed is None else f"seed {seed}"
        try:
            v = default if seed is None else variant(owner, seed)
            solution = solve(owner, v)
        except ConstraintsUnsatisfiable as exc:
            out[("constraints",)] = locate.problem(("constraints",), str(exc))
            break
        except SolveError as exc:
            out.setdefault(("solve", exc.step), locate.problem(_step_where(worked, exc.step), f"{label}: {exc}"))
            continue
        context = solution.context()
        if seed is None:
            lint.see_answer(solution.values, label)
        for where, source in templates:
            try:
                lint.see(where, prose.render(source, context), label)
            except BankError as exc:
                out.setdefault(("render", where), Locator(owner).problem(where, f"{label}: {exc}"))
        for bad in _negative(never_negative, solution):
            out.setdefault(("negative", bad), locate.problem(
                _step_where(worked, bad), f"{label}: step `{bad}` is negative "
                f"({solution.values[bad]}), which its unit cannot be"))
        checked += 1
    return list(out.values()), checked


@functools.lru_cache(maxsize=4096)
def _undeclared(source: str) -> frozenset[str]:
    """The names a template uses (parsing a template is slow, and each field is asked twice);
    :class:`bank.text.TemplateError` for a template outside the allowed language."""
    return frozenset(prose.undeclared(source))


def _renderable(source: str, worked: Worked) -> bool:
    """A template that uses names, all of them known (the others are reported by the template checks)."""
    try:
        used = _undeclared(source)
    except prose.TemplateError:  # already reported by the template checks
        return False
    return bool(used) and used <= set(worked.names)


def _cannot_be_negative(unit: Unit) -> bool:
    """Times, sizes, FLOPs and counts cannot be negative; money and plain numbers can."""
    return any(unit.dims) and not unit.dims[DIMENSIONS.index("money")]


def _negative(names: list[str], solution: Solution) -> list[str]:
    return [n for n in names if solution.values[n].magnitude < 0]


def _step_where(worked: Worked, name: str | None) -> tuple:
    for i, step in enumerate(worked.steps):
        if step.name == name:
            return ("steps", i, "expr")
    return ("steps",)


__all__ = ["check", "Report"]
