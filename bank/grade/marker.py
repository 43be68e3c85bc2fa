"""Marking a whole working, line by line, the way a careful human marker would.

For each line: read it (a format error stops there, PrairieLearn style: "I
can't read this line" is not "this line is wrong"), check its own
arithmetic (rule 1, :mod:`.arithmetic`), then find the reference step it
computes (rules 2 and 3, :mod:`.locate` and :mod:`.carry`). Then the final
answer (rule 5, :mod:`.final`) and the score (rule 6, :mod:`.rubric`).

>>> from bank.load import load
>>> from bank.variant import variant
>>> q = load().question("replica-boot-gap")
>>> r = grade(q, variant(q), "Read: 70 GB / 6 GB/s = 11.7 s\\nBoot: 11.7 s + 20 s = about 32 s")
>>> [x.status for x in r.lines], r.final.status, r.score
(['correct', 'correct'], 'correct', 1.0)
"""

from __future__ import annotations

from fractions import Fraction

from .. import notation as n
from ..errors import NotationError
from ..model import Question, Term, Variant
from . import rubric
from .arithmetic import Arithmetic, check
from .final import final
from .leaves import Entry
from .locate import locate
from .matching import Claim
from .messages import message
from .reading import has_operation
from .reference import RefStep, reference
from .report import Carry, LineResult, Report, StepCoverage, number
from .state import Outcome, State

#: Lines beyond this are not read (a working is a handful of lines).
MAX_LINES = 100


def grade(owner: Question | Term, variant: Variant, text: str) -> Report:
    """Mark a working (one line per step) against the reference working for ``variant``."""
    state = State(reference(owner, variant))
    for number_, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            _mark(state, number_, raw)
        if number_ > MAX_LINES:
            break  # one located error says so; the rest is not read
    verdict = final(state)
    steps = tuple(StepCoverage(s.name, *state.coverage.get(s.name, ("missing", None))) for s in state.ref.steps)
    score = rubric.score([s.status for s in steps], verdict.status, verdict.diagnosis)
    return Report(owner.id, variant.seed, score, verdict, tuple(r for r, _, _ in state.marked), steps)


def _mark(state: State, n_: int, raw: str) -> None:
    try:
        if n_ > MAX_LINES:
            raise NotationError(f"a working is limited to {MAX_LINES} lines", raw, 0, len(raw))
        line = n.parse_line(raw, keep=frozenset(state.ref.params))
        if line.empty:  # "Answer:" alone: nothing to mark, and nothing lost
            result = LineResult(n_, raw, "unmatched", message="a label with no working after it: nothing to mark")
            state.marked.append((result, Outcome("unmatched"), None))
            return
        arith = check(line, state.scope())
        outcome = locate(state, line, arith)
    except NotationError as exc:
        result = LineResult(n_, raw, "error", message=f"{exc.message} (column {exc.column})",
                            column=exc.column, caret=exc.caret())
        state.marked.append((result, Outcome("error"), None))
        return
    _record(state, n_, raw, arith, outcome, line.label)


def _record(state: State, n_: int, raw: str, arith: Arithmetic, outcome: Outcome, label: str) -> None:
    """Remember what the line stated and credited, and turn it into a :class:`LineResult`."""
    stated, step = arith.stated, outcome.step
    if step is not None:
        state.learned(step.name, stated.shown(step.unit, step.shown) * step.unit.scale)
        if outcome.status == "slip":
            state.slipped.add(step.name)
    _cover(state, outcome, n_)
    state.history.append(Entry(n_, stated, step.name if step else None, outcome.status, _tree(arith, step)))
    carried = tuple(Carry(s.step, number(state.ref.plan.display(s.step, s.base)), s.line, s.rounded)
                    for s in outcome.stands)
    result = LineResult(n_, raw, outcome.status, step.name if step else None, *_numbers(arith, stated, step),
                        outcome.diagnosis, message(state, arith, outcome, raw, n_, label), carried=carried,
                        credits=outcome.credits)
    state.marked.append((result, outcome, stated))


def _cover(state: State, outcome: Outcome, n_: int) -> None:
    kind = "done" if outcome.status == "correct" else "carried"
    for name in outcome.credits:
        if name in state.slipped and name != outcome.credits[0]:
            continue  # a step the learner got wrong is not credited by a later line that only subsumes it
        if state.coverage.get(name, ("",))[0] != "done":
            state.coverage[name] = (kind, n_)


def _tree(arith: Arithmetic, step: RefStep | None) -> n.Node | None:
    """The working behind an unmatched line's result, for tracing carried errors through it."""
    if step is not None or arith.computed is None or not arith.ok or not has_operation(arith.first):
        return None
    return arith.first


def _numbers(arith: Arithmetic, stated: Claim, step: RefStep | None) -> tuple[float | None, float | None]:
    """``given`` and ``computed`` for the report, in the matched step's declared unit."""
    given = None if arith.given is None else _in_step(stated, step)
    c = arith.computed
    computed = None if c is None else _in_step(Claim.exact(c.base, c.written, c.unit), step)
    return number(given), number(computed)


def _in_step(claim: Claim, step: RefStep | None) -> Fraction:
    return claim.written.mid if step is None else claim.shown(step.unit, step.shown)
